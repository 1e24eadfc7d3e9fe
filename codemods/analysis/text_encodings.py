"""What Python's text mode does between a str and a file's bytes in a script run (script_run.py;
issue 13): the encoding and the newline translation of `open(path, "w", encoding=...,
newline=...)`, `Path.write_text` / `read_text`, read on temp_files.py's record of the bytes.

A program that writes "a\r\nb" and reads it back with `open(path).read()` gets "a\nb": text mode
reads with universal newlines ("\r\n" and "\r" become "\n") unless `newline=` says otherwise, and
writes each "\n" as `newline=` says ("\r" or "\r\n"; os.linesep, "\n" on the POSIX systems JAX
runs on, by default). And the text is encoded: a codec refuses what it cannot spell ("\xe9" in
ASCII, a lone surrogate in any codec: UnicodeEncodeError), another codec reads other text back
(latin-1 reads UTF-8's "\xe9" as two letters, UTF-8 keeps a "utf-8-sig" BOM as "\ufeff") or
refuses the bytes (UnicodeDecodeError). All of it is computed here as Python computes it
(checked with CPython 3.11), for the codecs of `_CODECS`; the stream's incremental codecs give
what one call gives, a BOM once at the start of a file written from its start.

Without `encoding=` (or with "locale") the codec is the machine's locale's, which the run does
not know: text that is not ASCII (which every such codec spells alike) stops the run, written or
read. So do another codec, an `errors=`, a newline value Python refuses, and text a codec refuses
(the program may catch the error; which write raised, and what reached the file before, is not
followed).
"""
from __future__ import annotations

import re

from codemods.analysis.host_objects import Bail

# Python's spellings of the codecs followed (lower case, "-" and " " as "_") -> the codec.
_CODECS = {
    "utf_8": "utf-8", "utf8": "utf-8", "utf_8_sig": "utf-8-sig",
    "ascii": "ascii", "us_ascii": "ascii", "latin_1": "latin-1", "latin1": "latin-1", "iso_8859_1": "latin-1",
    "iso8859_1": "latin-1", "cp1252": "cp1252", "windows_1252": "cp1252",
    "utf_16": "utf-16", "utf16": "utf-16", "utf_16_le": "utf-16-le", "utf_16le": "utf-16-le",
    "utf_16_be": "utf-16-be", "utf_16be": "utf-16-be", "utf_32": "utf-32", "utf32": "utf-32",
    "utf_32_le": "utf-32-le", "utf_32le": "utf-32-le", "utf_32_be": "utf-32-be", "utf_32be": "utf-32-be",
}
_NEWLINES = (None, "", "\n", "\r", "\r\n")
_UNIVERSAL_LINE = re.compile(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+\Z")


def codec(encoding: object) -> str | None:
    """The codec `encoding=` names; None for the locale's."""
    if encoding is None:
        return None
    if type(encoding) is not str:
        raise Bail  # (TypeError)
    spelled = encoding.lower().replace("-", "_").replace(" ", "_")
    if spelled == "locale":
        return None
    if spelled not in _CODECS:
        raise Bail  # (a codec not followed, or LookupError)
    return _CODECS[spelled]


def newline(value: object) -> str | None:
    if value not in _NEWLINES or value is not None and type(value) is not str:
        raise Bail  # (ValueError "illegal newline value", TypeError)
    return value


def check_written(text: str, codec_name: str | None) -> None:
    """A write of `text` that the codec spells (else the program gets UnicodeEncodeError)."""
    if codec_name is None:
        if not text.isascii():
            raise Bail  # (the locale's codec: not known)
        return
    try:
        text.encode(codec_name)
    except UnicodeError:
        raise Bail from None


def encoded(text: str, codec_name: str | None, newline_value: str | None) -> bytes:
    """The bytes a file opened for writing from its start holds after `text` was written."""
    check_written(text, codec_name)
    if newline_value in ("\r", "\r\n"):
        text = text.replace("\n", newline_value)
    return text.encode(codec_name or "ascii")


def decoded(data: bytes, codec_name: str | None, newline_value: str | None) -> str:
    """What reading the whole of a file of `data` gives."""
    if codec_name is None and not data.isascii():
        raise Bail  # (the locale's codec: not known)
    try:
        text = data.decode(codec_name or "ascii")
    except UnicodeError:
        raise Bail from None  # (UnicodeDecodeError: not followed)
    if newline_value is None:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def lines(text: str, newline_value: str | None) -> list[str]:
    """The lines `for line in fh` gives of what the handle reads (`decoded`'s text), each with
    its end: "\n" once translated; any of "\r\n", "\r", "\n" for `newline=""`; else the one given."""
    if newline_value == "":
        return _UNIVERSAL_LINE.findall(text)
    end = newline_value or "\n"
    parts = text.split(end)
    return [part + end for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
