#!/usr/bin/env python3
"""Build Anki packages with the real Anki (PyPI `anki`) for quizline's import tests.

Usage:
    make-decks.py OUTDIR            deck.apkg (latest), deck-legacy.apkg (collection.anki21),
                                    deck.colpkg, deck-legacy.colpkg, notes.txt (Notes in Plain Text,
                                    with HTML, tags, deck, note type and GUID columns), manifest.json
    make-decks.py OUTDIR --updated  the same deck with one note edited and one added (deck-updated.apkg)
    make-decks.py OUTDIR --hostile GOOD-LEGACY.apkg   packages an importer must refuse (see hostile())
    make-decks.py OUTDIR --big NOTES REVIEWS   big.apkg: NOTES Basic notes, REVIEWS reviews (benchmark)
    make-decks.py OUTDIR --media NOTES REVIEWS media.apkg: the same, each note with a picture of its own
                                    (JPEG and PNG, 20-200 KB; needs Pillow, which bench.sh installs)
    make-decks.py OUTDIR --roundtrip IN.apkg   imports IN.apkg into a new collection and exports it
                                    again as roundtrip.apkg; roundtrip.json lists its notes and reviews
    make-decks.py OUTDIR --answered   answered.apkg: cards answered with Anki's own FSRS scheduler at
                                    faked times (PyPI libfaketime): a reversed note, a 2-gap cloze,
                                    lapses and relearning, a suspended and a buried card (see answered())
    make-decks.py OUTDIR --rich     rich.apkg: rich fields and templates (see rich()): bold, a table, a
                                    list, an image, a sound, MathJax, a coloured span; {{FrontSide}}
                                    amid the back, conditionals, {{hint:}}, {{tts}}, furigana filters,
                                    typed cloze, a template script and CSS of its own
    make-decks.py OUTDIR --dump NAME IN.apkg   NAME.json: IN.apkg imported with its scheduling into a new
                                    collection, every card's note type, ord, type, queue, reps, lapses,
                                    SM-2 factor and review log as Anki itself then holds them

The deck: subdecks (Lang::French, Lang::German, Typing), every stock note type (Basic, Basic (and
reversed card), Basic (optional reversed card), Basic (type in the answer), Cloze) and one custom type,
an image and a sound, tags (one hierarchical), a suspended and a buried card, and review logs (with a
manual entry and a rescheduling entry, which do not count as reviews). GUIDs are fixed so the updated
deck matches the first.

manifest.json lists every card (guid, ord, deck, type, front text, suspended) and, for cards with
reviews, the FSRS state PyPI `fsrs` computes from them (FSRS-6 defaults, fuzz off), as the oracle.
"""
import json
import os
import random
import sys
import tempfile
from datetime import datetime, timedelta, timezone

from anki.collection import AddNoteRequest, Collection, ExportAnkiPackageOptions, ImportAnkiPackageRequest, ImportAnkiPackageOptions
from anki.import_export_pb2 import ExportLimit
from fsrs import Card as FCard, Rating as FRating, Scheduler

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
BASE_MS = int((datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc) - EPOCH).total_seconds() * 1000)
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000")


def us(ms):
    return ms * 1000


def add(col, notetype, deck, fields, tags, guid):
    m = col.models.by_name(notetype)
    note = col.new_note(m)
    for k, v in fields.items():
        note[k] = v
    note.tags = tags
    note.guid = guid
    col.add_note(note, col.decks.id(deck))
    return note


def build(col, updated):
    col.media.write_data("diagram 1.png", PNG)
    col.media.write_data("hello.mp3", b"ID3 not really a sound")
    notes = []
    back = "hello there" if updated else "hello"
    notes.append(add(col, "Basic", "Lang::French", {"Front": "bonjour <b>bold</b>", "Back": back},
                     ["greeting", "fr::basics"], "qlBasic001"))
    notes.append(add(col, "Basic (and reversed card)", "Lang::French", {"Front": "chat", "Back": "cat"},
                     ["animal"], "qlRev00001"))
    notes.append(add(col, "Basic (optional reversed card)", "Lang::German",
                     {"Front": "Hund", "Back": "dog", "Add Reverse": "y"}, [], "qlOpt00001"))
    notes.append(add(col, "Basic (optional reversed card)", "Lang::German",
                     {"Front": "Katze", "Back": "cat <img src=\"diagram 1.png\">", "Add Reverse": ""}, [], "qlOpt00002"))
    notes.append(add(col, "Basic (type in the answer)", "Typing",
                     {"Front": "Capital of Italy?", "Back": "Rome"}, ["geo"], "qlType0001"))
    notes.append(add(col, "Cloze", "Lang::French",
                     {"Text": "{{c1::Paris}} is the capital of {{c2::France::country}}.", "Back Extra": "[sound:hello.mp3]"},
                     ["geo"], "qlCloze001"))
    mm = col.models
    custom = mm.new("Vocab")
    for name in ("Word", "Meaning", "Example"):
        mm.add_field(custom, mm.new_field(name))
    t = mm.new_template("Recall")
    t["qfmt"] = "<div class=word>{{Word}}</div>"
    t["afmt"] = "{{FrontSide}}<hr id=answer>{{Meaning}}{{#Example}}<br><i>{{Example}}</i>{{/Example}}"
    mm.add_template(custom, t)
    mm.add(custom)
    notes.append(add(col, "Vocab", "Typing", {"Word": "der Baum", "Meaning": "the tree", "Example": "Der Baum ist gr&uuml;n."},
                     ["vocab"], "qlVocab001"))
    if updated:
        notes.append(add(col, "Basic", "Lang::French", {"Front": "merci", "Back": "thank you"}, [], "qlBasic002"))
    return notes


def history(col, notes):
    """Reviews for some cards (written straight into revlog, as Anki would have logged them)."""
    rng = random.Random(17)
    reviews = {}
    cards = [c for n in notes for c in n.cards()]
    for i, card in enumerate(cards[:6]):
        t = BASE_MS + i * 3_600_000
        log = []
        for k in range(3 + i % 3):
            ease = [3, 3, 1, 4, 2, 3][(i + k) % 6]
            log.append((t, ease, 1 if k else 0))
            t += rng.choice([600_000, 86_400_000, 3 * 86_400_000, 9 * 86_400_000 + 5_000])
        for t, ease, kind in log:
            col.db.execute("insert into revlog (id,cid,usn,ease,ivl,lastIvl,factor,time,type) values (?,?,?,?,?,?,?,?,?)",
                           t, card.id, -1, ease, 1, 0, 2500, 4200 + ease, kind)
        # A manual entry and a rescheduling entry: not reviews.
        col.db.execute("insert into revlog (id,cid,usn,ease,ivl,lastIvl,factor,time,type) values (?,?,?,?,?,?,?,?,?)",
                       t + 1, card.id, -1, 0, 5, 1, 2500, 0, 4)
        col.db.execute("insert into revlog (id,cid,usn,ease,ivl,lastIvl,factor,time,type) values (?,?,?,?,?,?,?,?,?)",
                       t + 2, card.id, -1, 0, 7, 5, 2500, 0, 5)
        if i == 0:
            # A rescheduling entry that carries a button (as some clients log one): still no review.
            col.db.execute("insert into revlog (id,cid,usn,ease,ivl,lastIvl,factor,time,type) values (?,?,?,?,?,?,?,?,?)",
                           t + 3, card.id, -1, 3, 9, 7, 2500, 0, 5)
        card.type = 2
        card.queue = 2
        card.ivl = 3
        card.due = 10
        col.update_card(card)
        reviews[card.id] = [(t, e) for t, e, _ in log]
    return reviews


def fsrs_state(reviews):
    sched = Scheduler(enable_fuzzing=False)
    first = EPOCH + timedelta(milliseconds=reviews[0][0])
    card = FCard(due=first)
    for ms, ease in reviews:
        card, _ = sched.review_card(card, FRating(ease), review_datetime=EPOCH + timedelta(milliseconds=ms))
    return {"state": int(card.state), "step": card.step, "stability": card.stability,
            "difficulty": card.difficulty, "due": int((card.due - EPOCH) / timedelta(microseconds=1)),
            "lastReview": int((card.last_review - EPOCH) / timedelta(microseconds=1))}


def export(col, out, name, legacy):
    col.export_anki_package(out_path=os.path.join(out, name),
                            options=ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=False,
                                                             with_media=True, legacy=legacy),
                            limit=ExportLimit())


def manifest(col, notes, reviews):
    cards = []
    for n in notes:
        for c in n.cards():
            entry = {"guid": n.guid, "ord": c.ord, "deck": col.decks.name(c.did), "notetype": n.note_type()["name"],
                     "tags": n.tags, "suspended": c.queue < 0,
                     "fields": list(n.fields)}
            if c.id in reviews:
                entry["reviews"] = [[us(ms), e] for ms, e in reviews[c.id]]
                entry["fsrs"] = fsrs_state(reviews[c.id])
            cards.append(entry)
    return {"cards": cards}


def big(out, notes, reviews, media=0):
    """big.apkg (media.apkg with `media`): NOTES Basic notes in one deck, REVIEWS reviews spread evenly
    over their cards; with `media`, the first MEDIA notes each show one picture of their own (real
    JPEG and PNG files, 20-200 KB, made with Pillow)."""
    with tempfile.TemporaryDirectory() as tmp:
        col = Collection(os.path.join(tmp, "big.anki2"))
        deck = col.decks.id("Big")
        m = col.models.by_name("Basic")
        pictures = pictures_for(col, media)
        requests = []
        for i in range(notes):
            note = col.new_note(m)
            note["Front"] = f"question <b>{i}</b>" + (f' <img src="{pictures[i]}">' if i < len(pictures) else "")
            note["Back"] = f"answer {i}"
            note.tags = ["big"]
            requests.append(AddNoteRequest(note=note, deck_id=deck))
            if len(requests) == 5000:
                col.add_notes(requests)
                requests = []
        if requests:
            col.add_notes(requests)
        cids = col.db.list("select id from cards")
        rng = random.Random(1)
        rows = []
        per = max(1, reviews // len(cids))
        for k, cid in enumerate(cids):
            t = BASE_MS + k
            for j in range(per):
                rows.append((t, cid, -1, rng.choice([1, 3, 3, 3, 4]), 1, 0, 2500, 3000, 1))
                t += rng.choice([86_400_000, 3 * 86_400_000])
        col.db.executemany("insert into revlog (id,cid,usn,ease,ivl,lastIvl,factor,time,type) values (?,?,?,?,?,?,?,?,?)", rows)
        export(col, out, "media.apkg" if media else "big.apkg", False)
        col.close()


def pictures_for(col, count):
    """COUNT pictures in the collection's media folder, every fourth a PNG and the rest JPEGs (quality
    85), of sizes drawn so the files weigh 20-200 KB: gradients with noise, as photos compress."""
    if not count:
        return []
    from PIL import Image
    import io
    rng = random.Random(7)
    names = []
    for i in range(count):
        png = i % 4 == 3
        side = rng.randint(90, 210) if png else rng.randint(260, 820)
        w, h = side, rng.randint(side * 3 // 4, side)
        noise = Image.effect_noise((w, h), rng.uniform(20, 60)).convert("RGB")
        grad = Image.linear_gradient("L").resize((w, h)).convert("RGB")
        picture = Image.blend(noise, grad, 0.5)
        buf = io.BytesIO()
        name = f"picture {i:05d}." + ("png" if png else "jpg")
        picture.save(buf, "PNG" if png else "JPEG", quality=85)
        names.append(col.media.write_data(name, buf.getvalue()))
    return names


def roundtrip(out, package):
    with tempfile.TemporaryDirectory() as tmp:
        col = Collection(os.path.join(tmp, "rt.anki2"))
        col.import_anki_package(ImportAnkiPackageRequest(
            package_path=package, options=ImportAnkiPackageOptions(with_scheduling=True, merge_notetypes=True)))
        export(col, out, "roundtrip.apkg", False)
        notes = []
        for nid in col.find_notes(""):
            n = col.get_note(nid)
            notes.append({"guid": n.guid, "fields": list(n.fields), "tags": n.tags,
                          "reviews": sum(col.db.scalar("select count() from revlog where cid=?", c.id) for c in n.cards())})
        with open(os.path.join(out, "roundtrip.json"), "w") as f:
            json.dump({"notes": notes}, f, indent=1)
        col.close()


# The answers of answered(): (card, minutes after the start, rating 1-4), taken in time order.
DAY = 24 * 60
ANSWERS = [
    ("rev-front", 0, 1), ("rev-front", 2, 3), ("rev-front", 13, 3), ("rev-front", 3 * DAY, 3),
    ("rev-front", 13 * DAY, 1), ("rev-front", 13 * DAY + 11, 3), ("rev-front", 17 * DAY, 2),
    ("rev-back", 1, 3), ("rev-back", 12, 3), ("rev-back", 3 * DAY + 5, 4),
    ("cloze-1", 3, 4), ("cloze-1", 7 * DAY, 3),
    ("cloze-2", 4, 3), ("cloze-2", 17 * DAY + 30, 1),
    ("suspended", 5, 3), ("suspended", 16, 3),
    ("buried", 6, 3), ("buried", 17, 3),
    ("relearning", 7, 3), ("relearning", 18, 3), ("relearning", 3 * DAY + 20, 3), ("relearning", 17 * DAY + 40, 1),
]


def answered(out):
    """answered.apkg (a reversed note, a cloze note with 2 gaps, a typed-answer note and Basic notes):
    cards answered one by one with Anki's FSRS at faked times (09:00 UTC on
    2026-01-05 and after, so Anki's 4 a.m. rollover and quizline's UTC midnight count the same days),
    then one suspended and one buried, exported with scheduling at the last answer's time."""
    from libfaketime import fake_time, reexec_if_needed
    reexec_if_needed()  # runs this script again with libfaketime preloaded (Anki's Rust clock too)
    start = datetime(2026, 1, 5, 9, 0)
    with tempfile.TemporaryDirectory() as tmp, fake_time(start, tz_offset=0) as clock:
        col = Collection(os.path.join(tmp, "answered.anki2"))
        col.set_config("fsrs", True)
        did = col.decks.id("Answered")
        rev = add(col, "Basic (and reversed card)", "Answered", {"Front": "chat", "Back": "cat"}, [], "qlAnsRev01")
        cloze = add(col, "Cloze", "Answered", {"Text": "{{c1::Paris}} is in {{c2::France}}.", "Back Extra": ""}, [],
                    "qlAnsClz01")
        add(col, "Basic (type in the answer)", "Answered", {"Front": "Capital of Italy?", "Back": "Rome"}, [],
            "qlAnsType01")
        basics = {name: add(col, "Basic", "Answered", {"Front": name, "Back": name + " back"}, [], "qlAns" + name)
                  for name in ("suspended", "buried", "relearning", "untouched")}
        cards = {"rev-front": rev.cards()[0].id, "rev-back": rev.cards()[1].id,
                 "cloze-1": cloze.cards()[0].id, "cloze-2": cloze.cards()[1].id}
        cards.update({name: n.cards()[0].id for name, n in basics.items()})
        assert col.decks.id("Answered") == did
        now = 0
        for name, minutes, rating in sorted(ANSWERS, key=lambda a: a[1]):
            clock.tick(timedelta(minutes=minutes - now))
            now = minutes
            card = col.get_card(cards[name])
            card.start_timer()
            answer = col.sched.build_answer(
                card=card, states=col._backend.get_scheduling_states(card.id), rating=rating - 1)
            answer.milliseconds_taken = 3000 + 700 * rating
            col.sched.answer_card(answer)
        clock.tick(timedelta(minutes=1))
        col.sched.suspend_cards([cards["suspended"]])
        col.sched.bury_cards([cards["buried"]])  # manually: queue -3
        export(col, out, "answered.apkg", False)
        col.close()


RICH_FRONT = ("<b>Heart</b> sounds: <span style=\"color: rgb(255, 0, 0);\">S1</span> and <i>S2</i>"
              "<ul><li>lub</li><li>dub</li></ul>"
              "<table><tr><th>Sound</th><th>Valve</th></tr><tr><td>S1</td><td>AV closure</td></tr></table>"
              "<img src=\"heart.png\" alt=\"a heart\"> [sound:lub dub.mp3] \\(\\frac{a}{b} &lt; 1\\)")


def rich(out):
    """rich.apkg: one deck (Rich) with rich fields and the template features quizline carries."""
    with tempfile.TemporaryDirectory() as tmp:
        col = Collection(os.path.join(tmp, "rich.anki2"))
        col.media.write_data("heart.png", PNG)
        col.media.write_data("lub dub.mp3", b"ID3 not really a sound")
        mm = col.models
        add(col, "Basic", "Rich", {"Front": RICH_FRONT, "Back": "[$]x^2[/$] <u>under</u> <s>old</s>"}, [], "qlRich0001")
        # A note type of its own: CSS beyond the stock one, a script, {{hint:}}, {{tts}}, extra text
        # before {{FrontSide}} on the back, and nested conditionals.
        vocab = mm.new("Rich Vocab")
        for name in ("Word", "Meaning", "Hint", "Example", "Note"):
            mm.add_field(vocab, mm.new_field(name))
        t = mm.new_template("Recall")
        t["qfmt"] = "<div class=word>{{Word}}</div>{{tts en_US:Word}}{{hint:Hint}}<script>flip()</script>"
        t["afmt"] = ("Answer:<br>{{FrontSide}}<hr id=answer>{{Meaning}}"
                     "{{#Example}}<br>e.g. {{Example}}{{^Note}} (no note){{/Note}}{{#Note}} ({{Note}}){{/Note}}{{/Example}}")
        mm.add_template(vocab, t)
        vocab["css"] = ".card { font-family: arial; }\n.word { font-size: 40px; color: navy; }\n"
        mm.add(vocab)
        add(col, "Rich Vocab", "Rich", {"Word": "Herz", "Meaning": "heart", "Hint": "<i>organ</i>",
                                        "Example": "Das Herz schl&auml;gt.", "Note": ""}, [], "qlRich0002")
        # A back template without {{FrontSide}}.
        bare = mm.new("Bare Back")
        for name in ("Front", "Back"):
            mm.add_field(bare, mm.new_field(name))
        t = mm.new_template("Card 1")
        t["qfmt"] = "{{Front}}"
        t["afmt"] = "{{Back}}"
        mm.add_template(bare, t)
        mm.add(bare)
        add(col, "Bare Back", "Rich", {"Front": "systole", "Back": "contraction"}, [], "qlRich0003")
        # Furigana filters.
        jp = mm.new("Japanese")
        mm.add_field(jp, mm.new_field("Expression"))
        t = mm.new_template("Card 1")
        t["qfmt"] = "{{kanji:Expression}}"
        t["afmt"] = "{{FrontSide}}<hr id=answer>{{furigana:Expression}}<br>{{kana:Expression}}"
        mm.add_template(jp, t)
        mm.add(jp)
        add(col, "Japanese", "Rich", {"Expression": "心臓[しんぞう]"}, [], "qlRich0004")
        # A cloze typed by its template.
        typed = mm.copy(mm.by_name("Cloze"), add=False)
        typed["name"] = "Cloze (typed)"
        typed["tmpls"][0]["qfmt"] = "{{cloze:Text}}<br>{{type:cloze:Text}}"
        typed["tmpls"][0]["afmt"] = "{{cloze:Text}}<br>{{type:cloze:Text}}<br>{{Back Extra}}"
        mm.add(typed)
        add(col, "Cloze (typed)", "Rich", {"Text": "The {{c1::mitral}} valve", "Back Extra": ""}, [], "qlRich0005")
        export(col, out, "rich.apkg", False)
        col.close()


def dump(out, name, package):
    """NAME.json: what the real Anki holds after importing `package` with its scheduling."""
    with tempfile.TemporaryDirectory() as tmp:
        col = Collection(os.path.join(tmp, "dump.anki2"))
        col.import_anki_package(ImportAnkiPackageRequest(
            package_path=package, options=ImportAnkiPackageOptions(with_scheduling=True, merge_notetypes=True)))
        cards = []
        for cid in col.find_cards(""):
            c = col.get_card(cid)
            n = c.note()
            cards.append({
                "notetype": n.note_type()["name"], "note": n.id, "guid": n.guid, "ord": c.ord,
                "front": n.fields[0], "type": c.type, "queue": c.queue, "reps": c.reps, "lapses": c.lapses,
                "factor": c.factor, "ivl": c.ivl, "left": c.left,
                "revlog": col.db.all("select id, ease, type, ivl, lastIvl, factor, time from revlog where cid = ?"
                                     " order by id", cid)})
        with open(os.path.join(out, name + ".json"), "w") as f:
            json.dump({"cards": cards}, f, indent=1)
        col.close()


def hostile(out, good):
    """Packages an importer must refuse (each with a clear error and nothing written)."""
    import sqlite3
    import zipfile
    with open(good, "rb") as f:
        data = f.read()
    with open(os.path.join(out, "truncated.apkg"), "wb") as f:
        f.write(data[: len(data) // 2])
    with open(os.path.join(out, "not-a-zip.apkg"), "wb") as f:
        f.write(b"PK\x03\x04 this is not really a zip archive" * 10)
    # A zip bomb: 256 MiB of zeros in one deflated entry.
    with zipfile.ZipFile(os.path.join(out, "bomb.apkg"), "w", zipfile.ZIP_DEFLATED) as z:
        with z.open("collection.anki21", "w", force_zip64=False) as e:
            block = bytes(1 << 20)
            for _ in range(256):
                e.write(block)
    with zipfile.ZipFile(good) as src:
        col21 = src.read("collection.anki21")
    for name, media in (("traversal", "../evil.png"), ("absolute", "/tmp/evil.png")):
        with zipfile.ZipFile(os.path.join(out, name + ".apkg"), "w") as z:
            z.writestr("collection.anki21", col21)
            z.writestr("media", json.dumps({"0": media}))
            z.writestr("0", b"evil")

    def db(path, sql):
        if os.path.exists(path):
            os.remove(path)
        c = sqlite3.connect(path)
        c.executescript(sql)
        c.commit()
        c.close()
        with open(path, "rb") as f:
            return f.read()
    tmp = os.path.join(out, "tmp.sqlite")
    not_collection = db(tmp, "create table people (name text); insert into people values ('ann');")
    missing_column = db(tmp, "create table col (ver int, models text, decks text); "
                             "create table notes (id int, guid text, mid int, tags text); "
                             "create table cards (id int, nid int, did int, ord int, type int, queue int); "
                             "create table revlog (id int, cid int, ease int, time int, type int);")
    os.remove(tmp)
    for name, blob in (("not-collection", not_collection), ("missing-column", missing_column),
                       ("not-sqlite", b"hello, I am a text file and not SQLite at all" * 10)):
        with zipfile.ZipFile(os.path.join(out, name + ".apkg"), "w") as z:
            z.writestr("collection.anki21", blob)
    # A header that lies: the entry says 100 bytes, its deflate stream holds 200,000.
    path = os.path.join(out, "lying-size.apkg")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("collection.anki21", b"x" * 200_000)
    raw = bytearray(open(path, "rb").read())
    cd = raw.rfind(b"PK\x01\x02")
    raw[cd + 24: cd + 28] = (100).to_bytes(4, "little")
    raw[26 - 4: 26] = (100).to_bytes(4, "little")
    with open(path, "wb") as f:
        f.write(raw)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    if len(sys.argv) > 2 and sys.argv[2] == "--hostile":
        hostile(out, sys.argv[3])
        return
    if len(sys.argv) > 2 and sys.argv[2] == "--big":
        big(out, int(sys.argv[3]), int(sys.argv[4]))
        return
    if len(sys.argv) > 2 and sys.argv[2] == "--media":
        big(out, int(sys.argv[3]), int(sys.argv[4]), media=int(sys.argv[3]))
        return
    if len(sys.argv) > 2 and sys.argv[2] == "--answered":
        answered(out)
        return
    if len(sys.argv) > 2 and sys.argv[2] == "--rich":
        rich(out)
        return
    if len(sys.argv) > 2 and sys.argv[2] == "--dump":
        dump(out, sys.argv[3], os.path.abspath(sys.argv[4]))
        return
    if len(sys.argv) > 2 and sys.argv[2] == "--roundtrip":
        roundtrip(out, os.path.abspath(sys.argv[3]))
        return
    updated = len(sys.argv) > 2 and sys.argv[2] == "--updated"
    with tempfile.TemporaryDirectory() as tmp:
        col = Collection(os.path.join(tmp, "deck.anki2"))
        notes = build(col, updated)
        reviews = history(col, notes)
        cards = [c for n in notes for c in n.cards()]
        col.sched.suspend_cards([cards[7].id])
        col.sched.bury_cards([cards[8].id])
        if updated:
            export(col, out, "deck-updated.apkg", False)
        else:
            export(col, out, "deck.apkg", False)
            export(col, out, "deck-legacy.apkg", True)
            col.export_note_csv(out_path=os.path.join(out, "notes.txt"), limit=ExportLimit(), with_html=True,
                                with_tags=True, with_deck=True, with_notetype=True, with_guid=True)
            col.export_collection_package(os.path.join(out, "deck.colpkg"), include_media=True, legacy=False)
            # export_collection_package closes the collection; reopen for the legacy one.
            col = Collection(os.path.join(tmp, "deck.anki2"))
            col.export_collection_package(os.path.join(out, "deck-legacy.colpkg"), include_media=True, legacy=True)
            col = Collection(os.path.join(tmp, "deck.anki2"))
        notes = [col.get_note(n.id) for n in notes]
        with open(os.path.join(out, "manifest-updated.json" if updated else "manifest.json"), "w") as f:
            json.dump(manifest(col, notes, reviews), f, indent=1)
        col.close()


if __name__ == "__main__":
    main()
