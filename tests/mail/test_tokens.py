"""Reply tokens: genuine addresses read back, forged or foreign ones do not."""

from pbem.mail.tokens import ReplyTarget, read_reply_address, reply_address


def test_reply_address_reads_back_to_its_game_and_seat() -> None:
    address = reply_address("play", "pbem.localhost", "s3cret", 12, 3)
    assert address.startswith("play+12.3.") and address.endswith("@pbem.localhost")
    assert read_reply_address(address, "play", "pbem.localhost", "s3cret") == ReplyTarget(12, 3)
    assert read_reply_address(address.upper(), "play", "pbem.localhost", "s3cret") == ReplyTarget(12, 3)


def test_token_for_another_seat_is_refused() -> None:
    address = reply_address("play", "pbem.localhost", "s3cret", 12, 3)
    forged = address.replace("+12.3.", "+12.2.")
    assert read_reply_address(forged, "play", "pbem.localhost", "s3cret") is None


def test_other_secret_local_part_or_domain_is_refused() -> None:
    address = reply_address("play", "pbem.localhost", "s3cret", 1, 0)
    assert read_reply_address(address, "play", "pbem.localhost", "other") is None
    assert read_reply_address(address, "game", "pbem.localhost", "s3cret") is None
    assert read_reply_address(address, "play", "example.org", "s3cret") is None
    assert read_reply_address("play@pbem.localhost", "play", "pbem.localhost", "s3cret") is None


def test_a_decision_mail_address_names_its_decision_and_cannot_be_moved_to_another() -> None:
    address = reply_address("play", "pbem.localhost", "s3cret", 12, 3, asked=40)
    assert address.startswith("play+12.3.40.")
    assert read_reply_address(address, "play", "pbem.localhost", "s3cret") == ReplyTarget(12, 3, 40)
    newer = address.replace("+12.3.40.", "+12.3.41.")  # the same token claimed for a later decision
    assert read_reply_address(newer, "play", "pbem.localhost", "s3cret") is None
