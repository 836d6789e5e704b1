#!/usr/bin/perl
# Scores mails with SpamAssassin's local rules, in one process: tests/mail/test_spam_score.py feeds it the
# path of one message a line on standard input, while it is still composing the next ones, and reads a line a
# message from RESULTS: the path, the score, and every rule hit with its points ("RULE=1.5,OTHER=0.001").
# Started once, so the rules load and compile once, not once a mail as `spamassassin -L -t` would.
#
# Usage: perl spamassassin.pl STATE_DIR RESULTS < paths
# Only local tests run (local_tests_only, as `spamassassin -L`): no DNS, no network check (Razor, Pyzor, RBLs,
# DKIM keys), no Bayes database, and nothing read from or written to the user's ~/.spamassassin.
use strict;
use warnings;
use Mail::SpamAssassin;

my ($state, $results) = @ARGV;
die "usage: $0 STATE_DIR RESULTS < paths\n" unless defined $results;
my $sa = Mail::SpamAssassin->new({
    local_tests_only   => 1,
    dont_copy_prefs    => 1,
    userstate_dir      => $state,
    userprefs_filename => "$state/user_prefs",
    post_config_text   => join("\n", "use_bayes 0", "use_razor2 0", "use_pyzor 0", "skip_rbl_checks 1",
                                     "dns_available no", ""),
});
$sa->compile_now(0);
open(my $out, '>', $results) or die "$results: $!";
$out->autoflush(1);
while (my $path = <STDIN>) {
    chomp $path;
    next unless length $path;
    open(my $in, '<', $path) or die "$path: $!";
    my $raw = do { local $/; <$in> };
    close $in;
    my $mail = $sa->parse($raw);
    my $status = $sa->check($mail);
    my $hits = $status->get_names_of_tests_hit_with_scores_hash;
    print $out join("\t", $path, $status->get_score,
                    join(",", map { "$_=$hits->{$_}" } sort keys %$hits)), "\n";
    $status->finish;
    $mail->finish;
}
close $out or die "$results: $!";
