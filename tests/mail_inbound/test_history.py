"""Keeping only what the player newly wrote: quotes, attributions, signatures, `end`."""

from __future__ import annotations

from pbem.mail.inbound.history import new_text

PROMPT = "> It is your move.\n> Reply with one line per move.\n> end\n"


def test_a_line_end_stops_the_text_but_a_quoted_end_does_not() -> None:
    assert new_text("group 2 tax\nend\npass\n") == "group 2 tax"
    assert new_text("On Mon, Nov 30, 2026 at 10:00 AM X <x@y.z> wrote:\n" + PROMPT + "\npass\n") == "pass"


def test_end_is_a_whole_line_in_any_case_and_not_part_of_a_word() -> None:
    assert new_text("recruit old warrior\n  End  \nignored") == "recruit old warrior"
    assert new_text("say the end is near\nweekend plans") == "say the end is near\nweekend plans"


def test_top_posted_reply_keeps_the_lines_above_the_attribution() -> None:
    body = "group 2 tax\npass\n\nOn Mon, Nov 30, 2026 at 10:00 AM Dragon <d@p.example> wrote:\n" + PROMPT
    assert new_text(body) == "group 2 tax\npass"


def test_bottom_posted_reply_keeps_only_the_lines_below_the_quote() -> None:
    body = "On 30/11/2026 10:00, Dragon Open wrote:\n" + PROMPT + "\nrecruit old warrior\n"
    assert new_text(body) == "recruit old warrior"


def test_inline_answers_between_quoted_parts_are_all_kept() -> None:
    body = "On Mon, Nov 30, 2026 at 10:00 AM D <d@p.example> wrote:\n> month 5\ngroup 2 tax\n> then?\npass\n"
    assert new_text(body) == "group 2 tax\npass"


def test_outlook_header_block_drops_the_unquoted_history_below_it() -> None:
    body = (
        "group 2 tax\n\n________________________________\nFrom: Dragon Open <d@p.example>\n"
        "Sent: Monday, November 30, 2026 10:00 AM\nTo: Ann\nSubject: Your move\n\nIt is your move.\npass\n"
    )
    assert new_text(body) == "group 2 tax"


def test_original_message_separator_drops_everything_below() -> None:
    body = "pass\n\n-----Original Message-----\nFrom: D\nSent: today\n\ngroup 9 tax\n"
    assert new_text(body) == "pass"


def test_attribution_in_a_language_the_library_lacks_is_dropped_before_a_quote() -> None:
    greek = "say γεια\n\nΣτις Δευ 30 Νοε 2026 στις 10:00 π.μ., ο/η D <d@p.example>\nέγραψε:\n\n" + PROMPT
    russian = "pass\n\nпн, 30 нояб. 2026 г. в 10:00, D <d@p.example>:\n" + PROMPT
    assert new_text(greek) == "say γεια"
    assert new_text(russian) == "pass"


def test_a_line_ending_in_a_colon_without_date_or_address_is_not_taken_for_an_attribution() -> None:
    assert new_text("pass\nmy moves:\n> quoted\n") == "pass\nmy moves:"


def test_dash_dash_space_signature_and_everything_after_it_is_dropped() -> None:
    assert new_text("pass\n-- \nAnn Lee\nhttps://ann.example\n") == "pass"


def test_mobile_signatures_are_dropped() -> None:
    assert new_text("group 2 tax\n\nSent from my iPhone") == "group 2 tax"
    assert new_text("pass\nGet Outlook for Android<https://aka.ms/x>") == "pass"
    assert new_text("pass\n\nVon meinem iPhone gesendet") == "pass"


def test_a_valediction_with_a_short_closing_is_dropped() -> None:
    assert new_text("group 2 tax\n\nBest regards,\nAnn Lee\n+44 20 7946 0000") == "group 2 tax"
    assert new_text("pass\n\nMit freundlichen Grüßen\nJürgen") == "pass"


def test_a_valediction_followed_by_long_text_is_kept() -> None:
    text = (
        "say well played\nThanks, everyone, this was the closest game I have played in a long while\n"
        "and I hope we get to play again in the next round of the tournament"
    )
    assert new_text(text) == text


def test_a_valediction_on_the_first_line_is_kept() -> None:
    assert new_text("Thanks, all\n") == "Thanks, all"


def test_hyphen_lists_are_moves_not_signatures() -> None:
    assert new_text("- group 2 tax\n- pass\n") == "- group 2 tax\n- pass"


def test_a_last_line_with_only_the_senders_name_is_dropped() -> None:
    assert new_text("group 2 tax\n\nAnn\n", "Ann Lee") == "group 2 tax"
    assert new_text("group 2 tax\n- Ann Lee", "Ann Lee") == "group 2 tax"
    assert new_text("Ann", "Ann Lee") == "Ann"
    assert new_text("group 2 tax\nAnnabel", "Ann Lee") == "group 2 tax\nAnnabel"


def test_invisible_characters_and_line_ends_are_normalised() -> None:
    assert new_text("\ufeffgroup\u00a02\u200b tax\r\n\r\n\r\n\r\npass\r") == "group 2 tax\n\npass"


def test_a_huge_body_is_read_only_up_to_the_cap() -> None:
    assert new_text("pass\n" + "x" * 500_000).startswith("pass\n")


def test_indented_unquoted_history_under_an_attribution_is_dropped() -> None:
    body = "group 2 tax\n\n    On Monday, November 30, 2026 at 10:00:00 AM GMT+1, D <d@p.example> wrote:  \n\n It is your move.\n pass\n"
    assert new_text(body) == "group 2 tax"


def test_a_separator_right_above_an_attribution_still_lets_a_bottom_posted_reply_through() -> None:
    body = "------- Original Message -------\nOn Monday, November 30th, 2026 at 10:00, D <d@p.example> wrote:\n\n" + PROMPT + "\nrelease farmer\n"
    assert new_text(body) == "release farmer"


def test_attribution_lines_of_many_clients_and_languages_are_dropped_above_and_below() -> None:
    quote = "\n> It is your move.\n> group 1 harvest\n"
    for attribution in (
        "Am 30.11.26 um 10:00 schrieb Dragon Open:",
        "El lun, 30 nov 2026 a las 10:00, Dragon Open (<d@p.example>) escribió:",
        "Op ma 30 nov. 2026 om 10:00 schreef Dragon Open <d@p.example>:",
        "2026年11月30日(月) 10:00 Dragon Open <d@p.example>:",
        'On 30/11/2026, 10:00, "Dragon Open" <d@p.example> wrote:',
        "Dragon Open <d@p.example> schrieb am Mo., 30. Nov. 2026, 10:00:",
        "Dragon Open wrote:",
    ):
        assert new_text("pass\n\n" + attribution + quote) == "pass", attribution
        assert new_text(attribution + quote + "\npass\n") == "pass", attribution


def test_a_top_posted_reply_ignores_footers_and_wrapped_quote_lines_below_the_quote() -> None:
    body = (
        "group 2 tax\n\nOn Mon, Nov 30, 2026 at 10:00 AM D <d@p.example> wrote:\n> It is your move, choose\n"
        "an action group.\n> Groups: 1 2 3\n\nThis message was scanned for viruses by MailGuard.\n"
    )
    assert new_text(body) == "group 2 tax"
    assert new_text("pass\n\n> quoted prompt\n\nSponsored: great deals\n") == "pass"


def test_an_inline_pgp_signed_reply_is_read_without_its_armour() -> None:
    body = (
        "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\ngroup 2 tax\n- -- not a signature\n\n"
        "On Mon, Nov 30, 2026 at 10:00 AM D <d@p.example> wrote:\n> It is your move.\n"
        "-----BEGIN PGP SIGNATURE-----\n\niQEzBAEBCAAdFiEE\n=abcd\n-----END PGP SIGNATURE-----\n"
    )
    assert new_text(body) == "group 2 tax\n-- not a signature"


def test_sentences_that_begin_like_signatures_are_kept() -> None:
    assert new_text("Here is another email\n\nSent from my desk, is much easier than my mobile phone.\n") == (
        "Here is another email\n\nSent from my desk, is much easier than my mobile phone."
    )
    letter = "Hi Anna,\n\nThanks for the offer, the timing could work. Could you share the rate and\nthe start date?\n\n/B"
    assert new_text(letter) == letter


def test_an_outlook_header_block_in_a_language_the_library_lacks_ends_the_reply() -> None:
    for block in (
        "Από: Dragon Open <d@p.example>\nΣτάλθηκε: Δευτέρα, 30 Νοεμβρίου 2026 10:00 πμ\nΠρος: Ann\nΘέμα: Your move\n",
        "От: Dragon Open <d@p.example>\nОтправлено: 30 ноября 2026 г. 10:00\nКому: Ann\nТема: Your move\n",
    ):
        assert new_text("group 2 tax\n\n" + block + "\nIt is your move.\npass\n") == "group 2 tax"


def test_moves_with_colons_are_not_taken_for_a_header_block() -> None:
    text = "release order: farmer, monk\ngroup 2 tax\npass"
    assert new_text(text) == text


def test_a_disclaimer_below_the_reply_is_dropped_but_not_on_the_first_line() -> None:
    assert new_text("group 2 tax\n\nCONFIDENTIALITY: This e-mail is for the addressee only.\nIt may be privileged.") == "group 2 tax"
    footer = "pass\nThis email and any attachments are confidential and intended solely for the addressee."
    assert new_text(footer) == "pass"
    assert new_text("Warning: I may be late\npass") == "Warning: I may be late\npass"
