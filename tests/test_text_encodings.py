"""text_encodings.py against Python's own text mode, and numpy_grids.py's counts (issue 13)."""
from __future__ import annotations

import codecs
import io

import pytest

from codemods.analysis import text_encodings
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.numpy_grids import item
from codemods.analysis.script_values import Lib

TEXTS = ["a\r\nb", "a\rb", "a\nb\n", "a\r\r\nb\r", "\r\n\r\n", "", "x", "a\n\rb"]
NEWLINES = [None, "", "\n", "\r", "\r\n"]
CODECS = ["utf-8", "utf-8-sig", "utf-16", "utf-32-le", "latin-1", "ascii", "cp1252"]


def test_every_spelling_names_the_codec_python_finds():
    for spelled, name in text_encodings._CODECS.items():
        assert codecs.lookup(spelled).name == codecs.lookup(name).name


@pytest.mark.parametrize("written", NEWLINES)
@pytest.mark.parametrize("read", NEWLINES)
@pytest.mark.parametrize("name", CODECS)
def test_a_round_trip_reads_and_walks_what_python_does(written, read, name):
    for text in TEXTS:
        sink = io.BytesIO()
        out = io.TextIOWrapper(sink, encoding=name, newline=written)
        out.write(text)
        out.flush()
        data = sink.getvalue()
        assert text_encodings.encoded(text, name, written) == data
        got = text_encodings.decoded(data, name, read)
        assert got == io.TextIOWrapper(io.BytesIO(data), encoding=name, newline=read).read()
        assert text_encodings.lines(got, read) == list(io.TextIOWrapper(io.BytesIO(data), encoding=name, newline=read))


def test_what_a_codec_refuses_or_the_locale_decides_stops_the_run():
    for text, name in (("\xe9", "ascii"), ("\ud800", "utf-8"), ("\udc80", "utf-16"), ("\u2713", "latin-1"), ("\xe9", None)):
        with pytest.raises(Bail):
            text_encodings.encoded(text, name, None)
    for data, name in ((b"\xe9", "utf-8"), (b"\xc3\xa9", "ascii"), (b"\xc3\xa9", None)):
        with pytest.raises(Bail):
            text_encodings.decoded(data, name, None)
    for value in ("rot13", "utf-7", 3):
        with pytest.raises(Bail):
            text_encodings.codec(value)
    with pytest.raises(Bail):
        text_encodings.newline("\n\r")
    assert text_encodings.codec("UTF_8") == "utf-8" and text_encodings.codec("locale") is None


def test_grids_take_numpy_counts():
    grid = Lib("numpy.mgrid")
    assert item(grid, (slice(0, 5, 2), slice(1, 2, None))).shape == (2, 3, 1)
    assert item(grid, (slice(1, 0, 2), slice(0, 2, None))).shape == (2, 0, 2)
    assert item(grid, slice(5, 0, None)).shape == (0,)
    for key in ((slice(5, 0, None), slice(0, 2, None)), (slice(6, 0, 2), slice(0, 2, None)),
                (slice(0, 3, None), slice(0, 8, -1))):
        with pytest.raises(Raised):
            item(grid, key)
    for key in (slice(0, 2 ** 62, None), (slice(0, 10 ** 7, None), slice(0, 10 ** 7, None))):
        with pytest.raises(Bail):
            item(grid, key)
