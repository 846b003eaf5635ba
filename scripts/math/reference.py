"""latex2text on every formula of a corpus (KIND<TAB>LATEX lines, '#' comments): JSON lines out.

Each formula is given to latex2text as inline math, \\( ... \\), with math_mode='text', so its
math is converted, as quizline's MathText.inline draws it.
"""
import json
import sys

from pylatexenc.latex2text import LatexNodes2Text


def main(path):
    converter = LatexNodes2Text(math_mode="text")
    with open(path, encoding="utf-8") as corpus:
        for number, line in enumerate(corpus, start=1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            kind, _, latex = line.partition("\t")
            record = {"line": number, "kind": kind, "latex": latex}
            try:
                record["text"] = converter.latex_to_text("\\(" + latex + "\\)")
            except Exception as error:  # latex2text fails on some input: reported, not fatal
                record["error"] = "%s: %s" % (type(error).__name__, error)
            print(json.dumps(record, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1])
