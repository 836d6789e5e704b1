"""Dragon replies written fresh for round 7 of #43, without the catalogs or corpus2 open: are they read?

corpus2 reads 88-92 % while the hold-out reads 70-79 %, so what was taught sits too close to corpus2's words.
These replies are worded the way players of each language write mail (greetings, reasons, the object first,
the verb left out, rulebook names, Greek without accents, Greek and Russian typed in Latin letters), each
with the moves it means in one of :data:`tests.engine.test_natural_replies.STATES`' Dragon states. Every one
must be read right or refused/asked, never played as another move; ``READ_AT_LEAST`` says how many of each
language read right, and may only grow.
"""

from __future__ import annotations

import pytest

import engine
from engine import AmbiguousMove, MoveError
from pbem.language.words import words
from tests.engine.test_natural_replies import state

FRESH: list[tuple[str, str, str, str]] = [
    # (language, state, reply, the moves it means)
    ("en", "action", "Hi all, I'll take the harvest this month, we need rice before the drought.", "group 1 harvest"),
    ("en", "action", "Taxes please", "group 2 tax"),
    ("en", "action", "Going with the fireworks action.", "group 3 fireworks"),
    ("en", "action", "I'll buy a small privilege", "group 1 privilege small"),
    ("en", "action", "I pass this turn, thanks", "pass"),
    ("en", "action", "research for my scholars", "group 3 research"),
    ("en", "action", "parade!", "group 1 parade"),
    ("en", "action", "I want the big privilege", "group 1 privilege large"),
    ("en", "build", "one floor on each palace", "build +1 palace1 +1 palace2"),
    ("en", "build", "A new palace with two floors please", "build +2 new"),
    ("en", "build", "add a floor to palace 2 and start a new one-floor palace", "build +1 palace2 +1 new"),
    ("en", "person", "I'd like the healer, a young one", "recruit young healer palace1"),
    ("en", "person", "Recruit a court lady", "recruit court lady palace1"),
    ("en", "person", "I'll hire an old warrior", "recruit old warrior palace1"),
    ("en", "release", "Let the old monk go", "release old monk palace1"),
    ("en", "release", "I'll dismiss one of the ladies", "release court lady palace2"),
    ("en", "start", "Farmer in the first palace and scholar in the second", "start farmer palace1, scholar palace2"),
    ("en", "start", "craftsman and tax collector, both in palace 1", "start craftsman palace1, tax collector palace1"),
    ("en", "action", "Morning! Drought is coming, so rice it is - harvest for me.", "group 1 harvest"),
    ("en", "action", "Hmm, tough one. I think I'll go for the tax collection, I'm nearly broke.", "group 2 tax"),
    ("en", "action", "nothing useful left for me, so I'll pass and refill my yuan", "pass"),
    ("en", "action", "i'll take the privelege (the small one)", "group 1 privilege small"),
    ("en", "build", "Two small new palaces please, a single floor each", "build +1 new +1 new"),
    ("en", "release", "Sadly the young monk has to leave", "release young monk palace1"),
    ("en", "start", "Palace 1: pyrotechnist. Palace 2: healer.", "start pyrotechnist palace1, healer palace2"),
    ("en", "person", "This month I'm getting a young farmer for the rice.", "recruit young farmer palace1"),

    ("el", "action", "Καλησπέρα! Παίρνω τη συγκομιδή", "group 1 harvest"),
    ("el", "action", "φορους θα μαζεψω", "group 2 tax"),
    ("el", "action", "pyrotexnimata", "group 3 fireworks"),
    ("el", "action", "Πάω πάσο αυτόν τον γύρο", "pass"),
    ("el", "action", "ένα μικρό προνόμιο παρακαλώ", "group 1 privilege small"),
    ("el", "action", "Θέλω έρευνα", "group 3 research"),
    ("el", "action", "θα χτίσω", "group 2 build"),
    ("el", "action", "parelasi", "group 1 parade"),
    ("el", "build", "ένας όροφος σε κάθε παλάτι", "build +1 palace1 +1 palace2"),
    ("el", "build", "καινούριο παλάτι με δύο ορόφους", "build +2 new"),
    ("el", "person", "Παίρνω έναν νεαρό γιατρό", "recruit young healer palace1"),
    ("el", "person", "ενα γερο πολεμιστη", "recruit old warrior palace1"),
    ("el", "release", "Διώχνω τον γέρο μοναχό", "release old monk palace1"),
    ("el", "release", "na fygei to geros monaxos", "release old monk palace1"),
    ("el", "start", "Αγρότη στο πρώτο παλάτι, λόγιο στο δεύτερο", "start farmer palace1, scholar palace2"),
    ("el", "start", "τεχνίτης στο παλάτι 1 και φοροεισπράκτορας στο παλάτι 2",
     "start craftsman palace1, tax collector palace2"),
    ("el", "action", "Γεια σας! Επειδη ερχεται ξηρασια, θα παρω ρυζι, δηλαδη συγκομιδη.", "group 1 harvest"),
    ("el", "action", "pao gia foroys", "group 2 tax"),
    ("el", "action", "Δεν κάνω τίποτα αυτόν τον μήνα, πάσο.", "pass"),
    ("el", "action", "Θα αγοράσω το μεγάλο προνόμιο", "group 1 privilege large"),
    ("el", "build", "Δυο καινουργια μονοροφα παλατια", "build +1 new +1 new"),
    ("el", "release", "Φεύγει ο νεαρός μοναχός", "release young monk palace1"),
    ("el", "start", "Παλάτι 1: πυροτεχνουργός, παλάτι 2: θεραπευτής", "start pyrotechnist palace1, healer palace2"),
    ("el", "person", "Αυτόν τον μήνα παίρνω έναν νέο αγρότη για το ρύζι", "recruit young farmer palace1"),

    ("hu", "action", "Szia! Most aratok.", "group 1 harvest"),
    ("hu", "action", "Adót szedek", "group 2 tax"),
    ("hu", "action", "tűzijáték", "group 3 fireworks"),
    ("hu", "action", "Ebben a körben passzolok.", "pass"),
    ("hu", "action", "Egy kis kiváltságot veszek", "group 1 privilege small"),
    ("hu", "action", "kutatás", "group 3 research"),
    ("hu", "action", "Építkezni szeretnék", "group 2 build"),
    ("hu", "action", "felvonulás lesz", "group 1 parade"),
    ("hu", "build", "mindkét palotára egy-egy emelet", "build +1 palace1 +1 palace2"),
    ("hu", "build", "egy új, kétszintes palota", "build +2 new"),
    ("hu", "person", "Egy fiatal gyógyítót kérek", "recruit young healer palace1"),
    ("hu", "person", "idős harcos", "recruit old warrior palace1"),
    ("hu", "release", "Az öreg szerzetest engedem el", "release old monk palace1"),
    ("hu", "release", "az egyik udvarhölgy megy", "release court lady palace2"),
    ("hu", "start", "Földműves az első palotába, tudós a másodikba", "start farmer palace1, scholar palace2"),
    ("hu", "start", "kézműves és adószedő, mindkettő az 1. palotába", "start craftsman palace1, tax collector palace1"),
    ("hu", "action", "Sziasztok! Jön az aszály, ezért rizst gyűjtök, vagyis aratás.", "group 1 harvest"),
    ("hu", "action", "adószedést választom, elfogyott a pénzem", "group 2 tax"),
    ("hu", "action", "Most nem csinálok semmit, passz.", "pass"),
    ("hu", "action", "A nagy kiváltságot veszem meg", "group 1 privilege large"),
    ("hu", "build", "Egy emelet a második palotára, a másik egy új palota lesz", "build +1 palace2 +1 new"),
    ("hu", "release", "A fiatal szerzetes távozik", "release young monk palace1"),
    ("hu", "start", "1. palota: tűzszerész, 2. palota: gyógyító", "start pyrotechnist palace1, healer palace2"),
    ("hu", "person", "Ebben a hónapban egy fiatal földművest veszek fel a rizs miatt", "recruit young farmer palace1"),

    ("ru", "action", "Привет! Беру урожай.", "group 1 harvest"),
    ("ru", "action", "соберу налоги", "group 2 tax"),
    ("ru", "action", "фейерверки", "group 3 fireworks"),
    ("ru", "action", "Пасую в этом раунде.", "pass"),
    ("ru", "action", "Маленькую привилегию, пожалуйста", "group 1 privilege small"),
    ("ru", "action", "Исследования", "group 3 research"),
    ("ru", "action", "буду строить", "group 2 build"),
    ("ru", "action", "parad", "group 1 parade"),
    ("ru", "build", "по этажу в каждый дворец", "build +1 palace1 +1 palace2"),
    ("ru", "build", "новый дворец в два этажа", "build +2 new"),
    ("ru", "person", "Возьму молодого лекаря", "recruit young healer palace1"),
    ("ru", "person", "старого воина", "recruit old warrior palace1"),
    ("ru", "release", "Отпускаю старого монаха", "release old monk palace1"),
    ("ru", "release", "uhodit staryj monah", "release old monk palace1"),
    ("ru", "start", "Крестьянина в первый дворец, учёного во второй", "start farmer palace1, scholar palace2"),
    ("ru", "start", "remeslennik i sborshchik nalogov, oba v pervyj dvorec",
     "start craftsman palace1, tax collector palace1"),
    ("ru", "action", "Всем привет! Скоро засуха, так что беру рис - сбор урожая.", "group 1 harvest"),
    ("ru", "action", "beru nalogi", "group 2 tax"),
    ("ru", "action", "В этом месяце ничего не делаю, пас.", "pass"),
    ("ru", "action", "Куплю большую привилегию", "group 1 privilege large"),
    ("ru", "build", "Этаж на второй дворец и ещё один новый дворец", "build +1 palace2 +1 new"),
    ("ru", "release", "Уходит молодой монах", "release young monk palace1"),
    ("ru", "start", "Дворец 1: пиротехник, дворец 2: лекарь", "start pyrotechnist palace1, healer palace2"),
    ("ru", "person", "В этом месяце нанимаю молодого крестьянина ради риса", "recruit young farmer palace1"),

    # a second round, written once the first read: levels and sizes in other words, every palace, Latin letters
    ("en", "build", "Put one floor on each of my palaces.", "build +1 palace1 +1 palace2"),
    ("en", "build", "both new floors in a brand new palace", "build +2 new"),
    ("en", "release", "Goodbye to the older monk, sadly.", "release old monk palace1"),
    ("en", "start", "I'd like to start with a craftsman (palace 1) and a court lady (palace 2)",
     "start craftsman palace1, court lady palace2"),
    ("en", "action", "Fireworks again, the festival is coming up", "group 3 fireworks"),
    ("en", "action", "Gonna pass this round.", "pass"),
    ("en", "person", "An experienced healer, please.", "recruit old healer palace1"),
    ("en", "action", "Small privilege for 2 yuan", "group 1 privilege small"),
    ("el", "build", "Ενας οροφος σε καθε παλατι", "build +1 palace1 +1 palace2"),
    ("el", "release", "Αποχωρεί η κυρία της αυλής", "release court lady palace2"),
    ("el", "start", "Ξεκινάω με τεχνίτη στο 1 και γκέισα στο 2", "start craftsman palace1, court lady palace2"),
    ("el", "action", "Πυροτεχνήματα πάλι, έρχεται φεστιβάλ", "group 3 fireworks"),
    ("el", "action", "pasο", "pass"),
    ("el", "person", "Ένας ηλικιωμένος γιατρός, ευχαριστώ", "recruit old healer palace1"),
    ("el", "action", "Parelasi apo tin omada 1", "group 1 parade"),
    ("el", "person", "thelo enan neo agroti", "recruit young farmer palace1"),
    ("hu", "build", "Minden palotára egy emelet", "build +1 palace1 +1 palace2"),
    ("hu", "release", "Az öreg szerzetestől válok meg.", "release old monk palace1"),
    ("hu", "start", "Kézművessel és udvarhölggyel kezdek, az első az 1. palotába, a második a 2.-ba",
     "start craftsman palace1, court lady palace2"),
    ("hu", "action", "Megint tűzijáték, jön a fesztivál", "group 3 fireworks"),
    ("hu", "action", "Ezt a kört kihagyom.", "pass"),
    ("hu", "person", "Egy tapasztalt orvost kérek, köszi", "recruit old healer palace1"),
    ("hu", "action", "Kis kiváltság 2 jüanért", "group 1 privilege small"),
    ("hu", "build", "Két emelet egy új palotába", "build +2 new"),
    ("ru", "build", "По одному этажу на каждый дворец", "build +1 palace1 +1 palace2"),
    ("ru", "release", "Прощаемся со старым монахом.", "release old monk palace1"),
    ("ru", "start", "Начинаю с ремесленника в первом дворце и придворной дамы во втором",
     "start craftsman palace1, court lady palace2"),
    ("ru", "action", "Снова фейерверки, скоро фестиваль", "group 3 fireworks"),
    ("ru", "action", "Пропускаю ход.", "pass"),
    ("ru", "person", "Опытного лекаря, спасибо", "recruit old healer palace1"),
    ("ru", "action", "Malaya privilegiya", "group 1 privilege small"),
    ("ru", "person", "voz'mu molodogo krestyanina", "recruit young farmer palace1"),
]
"""Fresh development replies per language: (language, state, reply, the moves it means in notation)."""

READ_AT_LEAST = {"en": 32, "el": 31, "hu": 28, "ru": 32}
"""How many replies of each language read right (only grows)."""


def outcome(language: str, name: str, text: str, means: str) -> str:
    """"right", "asked", "refused" or "wrong": how the reader takes one fresh reply."""
    rules = engine.game("dragon")
    position, seat = state("dragon", name)
    meant = [rules.format(m) for m in rules.read(means, rules.clone(position), seat).moves]
    try:
        got = [rules.format(m) for m in rules.read(text, rules.clone(position), seat, words(rules, language)).moves]
    except AmbiguousMove:
        return "asked"
    except MoveError:
        return "refused"
    return "right" if got == meant else "wrong"


@pytest.mark.parametrize(("language", "name", "text", "means"), FRESH)
def test_a_fresh_reply_is_never_misread(language: str, name: str, text: str, means: str) -> None:
    assert outcome(language, name, text, means) != "wrong", text


@pytest.mark.parametrize("language", sorted(READ_AT_LEAST))
def test_fresh_replies_read_at_least(language: str) -> None:
    right = sum(outcome(*case) == "right" for case in FRESH if case[0] == language)
    assert right >= READ_AT_LEAST[language]
