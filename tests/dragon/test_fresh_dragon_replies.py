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

FRESH8: list[tuple[str, str, str, str]] = [
    # round 8, written without the catalogs or corpus2 open: above all start and build, palaces said by who
    # lives there or by "the other one", persons by their symbols and age in everyday words, polite verbs
    ("en", "start", "Hello everyone! I'd put a monk and a healer in the first palace.",
     "start healer palace1, monk palace1"),
    ("en", "start", "Could you put my warrior in palace 2 and the farmer in palace 1? Thanks",
     "start farmer palace1, warrior palace2"),
    ("en", "start", "Scholar goes to the first palace, the other palace gets the healer.",
     "start scholar palace1, healer palace2"),
    ("en", "start", "both my starting guys in palace two: a tax collector and a craftsman",
     "start craftsman palace2, tax collector palace2"),
    ("en", "start", "the lady in palace 1, the warrior in the other one", "start court lady palace1, warrior palace2"),
    ("en", "build", "I'd add a floor to the palace with the craftsman and another to the one with the pyrotechnist.",
     "build +1 palace1 +1 palace2"),
    ("en", "build", "a second storey for the craftsman's palace, and a new palace with the other floor",
     "build +1 palace1 +1 new"),
    ("en", "build", "Could you build me a new two-storey palace?", "build +2 new"),
    ("en", "build", "both floors go into one new palace", "build +2 new"),
    ("en", "build", "new palace with one floor, plus a floor on palace 2 (the fireworks one)",
     "build +1 palace2 +1 new"),
    ("en", "build", "Two new palaces, one level each", "build +1 new +1 new"),
    ("en", "build", "raise both my palaces by one floor", "build +1 palace1 +1 palace2"),
    ("en", "person", "An old farmer, the one with two rice bowls", "recruit old farmer palace1"),
    ("en", "person", "Give me an elderly scholar please", "recruit old scholar palace1"),
    ("en", "person", "an old warrior, paid with the wild card", "recruit old warrior palace1 with wild"),
    ("en", "release", "The older of the two monks has to go", "release old monk palace1"),
    ("en", "release", "Sending away one of my court ladies from palace 2", "release court lady palace2"),
    ("en", "action", "We need money - tax collection for me", "group 2 tax"),
    ("en", "action", "Nothing for me this month; I'll just take the 3 yuan.", "pass"),
    ("en", "action", "Could I get a large privilege please?", "group 1 privilege large"),

    ("el", "start", "Γεια σας! Θα έβαζα έναν μοναχό και έναν γιατρό στο πρώτο παλάτι.",
     "start healer palace1, monk palace1"),
    ("el", "start", "Τον πολεμιστή στο δεύτερο παλάτι και τον αγρότη στο πρώτο, ευχαριστώ",
     "start farmer palace1, warrior palace2"),
    ("el", "start", "λογιος στο πρωτο παλατι, θεραπευτης στο αλλο", "start scholar palace1, healer palace2"),
    ("el", "start", "Και οι δύο στο δεύτερο παλάτι: ένας φοροεισπράκτορας και ένας τεχνίτης",
     "start craftsman palace2, tax collector palace2"),
    ("el", "start", "tin kyria tis avlis sto palati 1 kai ton polemisti sto allo",
     "start court lady palace1, warrior palace2"),
    ("el", "build", "Έναν όροφο στο παλάτι με τον τεχνίτη και έναν στο παλάτι με τον πυροτεχνουργό",
     "build +1 palace1 +1 palace2"),
    ("el", "build", "θα ηθελα ενα νεο παλατι με δυο ορόφους", "build +2 new"),
    ("el", "build", "Ένα καινούργιο μονόροφο παλάτι και έναν όροφο στο δεύτερο", "build +1 palace2 +1 new"),
    ("el", "build", "Δύο νέα παλάτια, από έναν όροφο το καθένα", "build +1 new +1 new"),
    ("el", "build", "ena orofo sto proto palati kai ena kainourio palati", "build +1 palace1 +1 new"),
    ("el", "person", "Μπορώ να πάρω έναν ηλικιωμένο λόγιο;", "recruit old scholar palace1"),
    ("el", "person", "Έναν νέο μοναχό παρακαλώ", "recruit young monk palace1"),
    ("el", "person", "Τον γέρο αγρότη, αυτόν με τα δύο ρύζια", "recruit old farmer palace1"),
    ("el", "release", "Να φύγει ο πιο ηλικιωμένος από τους δύο μοναχούς", "release old monk palace1"),
    ("el", "release", "Διώχνω μια κυρία της αυλής από το δεύτερο παλάτι", "release court lady palace2"),
    ("el", "action", "Χρειάζομαι λεφτά, θα μαζέψω φόρους", "group 2 tax"),
    ("el", "action", "Τίποτα αυτόν τον μήνα, παίρνω απλώς τα 3 γιουάν", "pass"),
    ("el", "action", "Θα ήθελα ένα μεγάλο προνόμιο", "group 1 privilege large"),

    ("hu", "start", "Sziasztok! Egy szerzetest és egy gyógyítót tennék az első palotába.",
     "start healer palace1, monk palace1"),
    ("hu", "start", "A harcos a második palotába, a földműves az elsőbe kerüljön, köszönöm",
     "start farmer palace1, warrior palace2"),
    ("hu", "start", "tudós az 1-es palotába, gyógyító a másikba", "start scholar palace1, healer palace2"),
    ("hu", "start", "Mindkettőt a második palotába kérem: adószedő és kézműves",
     "start craftsman palace2, tax collector palace2"),
    ("hu", "start", "Udvarhölgy megy az első palotába, harcos a másodikba", "start court lady palace1, warrior palace2"),
    ("hu", "build", "A kézműves palotájára és a tűzszerész palotájára is egy-egy emeletet építek",
     "build +1 palace1 +1 palace2"),
    ("hu", "build", "Építenék egy új, kétemeletes palotát", "build +2 new"),
    ("hu", "build", "Egy új egyszintes palota, és egy emelet a második palotára", "build +1 palace2 +1 new"),
    ("hu", "build", "két új palota, mindkettő egy szintes", "build +1 new +1 new"),
    ("hu", "build", "Az első palotát bővíteném egy emelettel, plusz kezdenék egy új palotát",
     "build +1 palace1 +1 new"),
    ("hu", "person", "Egy idős tudóst vennék fel", "recruit old scholar palace1"),
    ("hu", "person", "Kérnék egy fiatal szerzetest", "recruit young monk palace1"),
    ("hu", "person", "Az öreg földművest, akinek két rizse van", "recruit old farmer palace1"),
    ("hu", "release", "Az idősebb szerzetes távozzon", "release old monk palace1"),
    ("hu", "release", "Egy udvarhölgyet küldök el a második palotából", "release court lady palace2"),
    ("hu", "action", "Pénz kell, adót szedek be", "group 2 tax"),
    ("hu", "action", "Ebben a hónapban kimaradok, elveszem a 3 jüant", "pass"),
    ("hu", "action", "Egy nagy kiváltságot szeretnék venni", "group 1 privilege large"),

    ("ru", "start", "Всем привет! Я бы поставил монаха и лекаря в первый дворец.",
     "start healer palace1, monk palace1"),
    ("ru", "start", "Воина во второй дворец, а крестьянина в первый, спасибо", "start farmer palace1, warrior palace2"),
    ("ru", "start", "учёный в первый дворец, лекарь в другой", "start scholar palace1, healer palace2"),
    ("ru", "start", "Оба во второй дворец: сборщик налогов и ремесленник",
     "start craftsman palace2, tax collector palace2"),
    ("ru", "start", "pridvornaya dama v pervyj dvorec, voin vo vtoroj", "start court lady palace1, warrior palace2"),
    ("ru", "build", "Надстрою по этажу на дворец с ремесленником и на дворец с пиротехником",
     "build +1 palace1 +1 palace2"),
    ("ru", "build", "Хочу построить новый двухэтажный дворец", "build +2 new"),
    ("ru", "build", "Новый одноэтажный дворец и ещё этаж на второй дворец", "build +1 palace2 +1 new"),
    ("ru", "build", "Два новых дворца по одному этажу", "build +1 new +1 new"),
    ("ru", "build", "Можно этаж на первый дворец и новый дворец?", "build +1 palace1 +1 new"),
    ("ru", "build", "stroyu novyj dvorec na dva etazha", "build +2 new"),
    ("ru", "person", "Возьму пожилого учёного", "recruit old scholar palace1"),
    ("ru", "person", "Молодого монаха, пожалуйста", "recruit young monk palace1"),
    ("ru", "person", "Старого крестьянина, того, что с двумя мешками риса", "recruit old farmer palace1"),
    ("ru", "release", "Пусть уйдёт старший из монахов", "release old monk palace1"),
    ("ru", "release", "Отправляю одну придворную даму из второго дворца", "release court lady palace2"),
    ("ru", "action", "Деньги нужны — налоги.", "group 2 tax"),
    ("ru", "action", "Ничего не делаю, просто беру 3 юаня", "pass"),
    ("ru", "action", "Хотелось бы купить большую привилегию", "group 1 privilege large"),
]
"""Round 8's fresh development replies, kept apart so that each round's reading can be told."""

READ_AT_LEAST = {"en": 32, "el": 31, "hu": 29, "ru": 32}
"""How many replies of each language read right (only grows)."""

READ8_AT_LEAST = {"en": 15, "el": 18, "hu": 17, "ru": 17}
"""How many of round 8's replies of each language read right (only grows)."""


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


@pytest.mark.parametrize("language", sorted(READ_AT_LEAST))
@pytest.mark.parametrize(("cases", "floors"), [(FRESH, READ_AT_LEAST), (FRESH8, READ8_AT_LEAST)], ids=["r7", "r8"])
def test_fresh_replies_are_never_misread_and_read_at_least(cases: list[tuple[str, str, str, str]],
                                                           floors: dict[str, int], language: str) -> None:
    """Each reply read once: none as moves not meant, and at least as many right as before."""
    read = [(case[2], outcome(*case)) for case in cases if case[0] == language]
    assert [text for text, kind in read if kind == "wrong"] == []
    assert sum(kind == "right" for _, kind in read) >= floors[language]
