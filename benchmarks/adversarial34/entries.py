# Entries of gen_clean.py (exec'd there). Every program makes a fresh tempfile.mkdtemp() directory `d` and a
# path `p` in it (os.path.join), then hands NumPy (or JAX's numpy) an object of ITS OWN CLASS that stands for
# `p`: one with `__fspath__` (NumPy takes any os.PathLike, os.fspath) or a file-like one with `write`
# (NumPy writes to anything that has `write`). NumPy writes the file; temp_files.py's record of the directory
# does not see it (handed_unmodelled looks for the run's own TempPath / FileHandle, not inside an object of
# the program's), so a later reading of the directory (os.path.exists, os.listdir, glob.glob, pathlib's
# exists, open(...).read(), configparser's read) answers from a record that is no longer what is there.
# `axes` is ("i",) when the reading gives what CPython gives (it runs), ("i", "j") otherwise (SF105's error).
# The twin negates that test (one line).

IMPORTS = ("import configparser\nimport dataclasses\nimport glob\nimport os\nimport pathlib\nimport shutil\n"
           "import tempfile\nimport typing\n")

_WRAPPERS = {  # each makes `Loc(d, name)` standing for os.path.join(d, name)
    "cls": ["class Loc:", "    def __init__(self, d, name):", "        self.p = os.path.join(d, name)", "",
            "    def __fspath__(self):", "        return self.p"],
    "dc": ["@dataclasses.dataclass", "class Loc:", "    d: str", "    name: str", "",
           "    def __fspath__(self):", "        return os.path.join(self.d, self.name)"],
    "lam": ["class Loc:", "    def __init__(self, d, name):", "        self.p = os.path.join(d, name)", "",
            "    __fspath__ = lambda self: self.p"],
    "base": ["class Base:", "    def __fspath__(self):", "        return self.where()", "", "",
             "class Loc(Base):", "    def __init__(self, d, name):", "        self.d, self.name = d, name", "",
             "    def where(self):", "        return os.path.join(self.d, self.name)"],
    "slots": ["class Loc:", '    __slots__ = ("d", "name")', "", "    def __init__(self, d, name):",
              "        self.d = d", "        self.name = name", "", "    def __fspath__(self):",
              "        return os.path.join(self.d, self.name)"],
    "ntuple": ["class Loc(typing.NamedTuple):", "    d: str", "    name: str", "", "    def __fspath__(self):",
               "        return os.path.join(self.d, self.name)"],
    "prop": ["class Loc:", "    def __init__(self, d, name):", "        self.d, self.name = d, name", "",
             "    @property", "    def path(self):", "        return os.path.join(self.d, self.name)", "",
             "    def __fspath__(self):", "        return self.path"],
}
_WRITERS = {  # name -> (file name, line)
    "savetxt": ("w.txt", 'np.savetxt(Loc(d, "w.txt"), np.ones(3))'),
    "npsave": ("w.npy", 'np.save(Loc(d, "w.npy"), np.ones(3))'),
    "savez": ("w.npz", 'np.savez(Loc(d, "w.npz"), a=np.ones(3))'),
    "savez_c": ("w.npz", 'np.savez_compressed(Loc(d, "w.npz"), a=np.ones(3))'),
    "tofile": ("w.bin", 'np.ones(3).tofile(Loc(d, "w.bin"))'),
    "savetxt_csv": ("w.csv", 'np.savetxt(Loc(d, "w.csv"), np.ones((2, 3)), delimiter=",", fmt="%d")'),
    "jnpsave": ("w.npy", 'jnp.save(Loc(d, "w.npy"), jnp.ones(3))'),
    "dump": ("w.pkl", 'np.ones(3).dump(Loc(d, "w.pkl"))'),
}
_SEEN = ["os.path.exists(p)", "len(os.listdir(d)) == 1", 'len(glob.glob(os.path.join(d, "*"))) == 1',
         "os.path.isfile(p)", "pathlib.Path(p).exists()", "pathlib.Path(p).is_file()",
         "len(list(pathlib.Path(d).iterdir())) == 1"]


def _prog(name, doc, head, lines):
    text = ("\n\n" + "\n".join(head) + "\n@REDUCE@\n\n\ndef main(mesh, x):\n"
            + "".join(f"    {line}\n" for line in lines) + "    return reduce_rows(mesh, x, axes)\n")
    prog(name, doc, text, 'axes = ("i",) if ', 'axes = ("i",) if not ', imports=IMPORTS)


# A. a path object of the program's handed to a NumPy writer: the file exists, the run's record says not.
_k = 0
for _w, _wl in _WRAPPERS.items():
    for _a, (_name, _line) in _WRITERS.items():
        for _j in range(2):
            _o = _SEEN[_k % len(_SEEN)]
            _k += 1
            _prog(f"fspath_{_w}_{_a}_{_j}", f"A {_w} path object of the program's hands NumPy's {_a} a path in the "
                  f"temporary directory; read back by `{_o}`.", _wl,
                  ["d = tempfile.mkdtemp()", f'p = os.path.join(d, "{_name}")', _line, f'axes = ("i",) if {_o} else ("i", "j")'])

# B. the program writes a file, then NumPy overwrites it through a path object: the run reads the old text.
_MAKE = ['with open(p, "w") as fh:', '    fh.write("[m]\\na = 1\\n")']
_OVER = 'np.savetxt(Loc(d, "w.ini"), np.array(["[m]", "a = 2"]), fmt="%s")'
_READS = {
    "open_read": ([], 'open(p).read() == "[m]\\na = 2\\n"'),
    "read_text": ([], 'pathlib.Path(p).read_text() == "[m]\\na = 2\\n"'),
    "readlines": ([], 'open(p).readlines()[1] == "a = 2\\n"'),
    "cfg_get": (["cfg = configparser.ConfigParser()", "cfg.read(p)"], 'cfg.get("m", "a") == "2"'),
    "cfg_int": (["cfg = configparser.ConfigParser()", "cfg.read([p])"], 'cfg.getint("m", "a") == 2'),
    "cfg_item": (["cfg = configparser.ConfigParser()", "cfg.read_file(open(p))"], 'cfg["m"]["a"] == "2"'),
}
for _w, _wl in _WRAPPERS.items():
    for _r, (_more, _o) in _READS.items():
        _prog(f"stale_{_w}_{_r}", f"The program writes w.ini; NumPy overwrites it through a {_w} path object; read "
              f"back by `{_o}`.", _wl, ["d = tempfile.mkdtemp()", 'p = os.path.join(d, "w.ini")', *_MAKE, _OVER,
                                        *_more, f'axes = ("i",) if {_o} else ("i", "j")'])

# C. a file-like object of the program's (its `write` appends to a file in the directory) handed to NumPy.
_SINKS = {
    "append": ["class Sink:", "    def __init__(self, p):", "        self.p = p", "", "    def write(self, s):",
               '        with open(self.p, "ab" if isinstance(s, bytes) else "a") as fh:', "            fh.write(s)"],
    "held": ["class Sink:", "    def __init__(self, p):", "        self.p = p", "        self.parts = []", "",
             "    def write(self, s):", "        self.parts.append(s if isinstance(s, str) else s.decode('latin-1'))",
             '        with open(self.p, "w") as fh:', '            fh.write("".join(self.parts))'],
}
_SINK_WRITERS = {"savetxt": 'np.savetxt(Sink(p), np.ones(3))', "npsave": 'np.save(Sink(p), np.ones(3))',
                 "savetxt_hdr": 'np.savetxt(Sink(p), np.ones((2, 2)), header="h")'}
for _s, _sl in _SINKS.items():
    for _a, _line in _SINK_WRITERS.items():
        for _o in _SEEN:
            _prog(f"sink_{_s}_{_a}_{_SEEN.index(_o)}", f"A file-like object of the program's ({_s}) is handed to NumPy's "
                  f"{_a}; its write makes the file; read back by `{_o}`.", _sl,
                  ["d = tempfile.mkdtemp()", 'p = os.path.join(d, "w.txt")', _line, f'axes = ("i",) if {_o} else ("i", "j")'])

# D. controls (not flagged on main: the run stops): os / pathlib / open given a path object of the program's.
_CONTROLS = {"remove": ("w.txt", True, 'os.remove(Loc(d, "w.txt"))', "not os.path.exists(p)"),
             "touch": ("w.txt", False, 'pathlib.Path(Loc(d, "w.txt")).touch()', "os.path.exists(p)"),
             "mkdir": ("w", False, 'os.mkdir(Loc(d, "w"))', "os.path.isdir(p)"),
             "open": ("w.txt", False, 'open(Loc(d, "w.txt"), "w").close()', "len(os.listdir(d)) == 1"),
             "rename": ("w.txt", True, 'os.rename(Loc(d, "w.txt"), Loc(d, "v.txt"))', "not os.path.exists(p)")}
for _c, (_name, _pre, _line, _o) in _CONTROLS.items():
    for _w in ("cls", "dc"):
        _prog(f"control_{_w}_{_c}", f"Control: {_c} through a {_w} path object (the run stops: no finding).",
              _WRAPPERS[_w], ["d = tempfile.mkdtemp()", f'p = os.path.join(d, "{_name}")', *(_MAKE if _pre else []),
                              _line, f'axes = ("i",) if {_o} else ("i", "j")'])

# E. other library calls that call back into a file-like object of the program's (Sink "append" above).
IMPORTS_E = "import contextlib\nimport csv\nimport io\nimport json\nimport pickle\nimport shutil\n"
_CALLBACKS = {
    "print_file": 'print("x", file=Sink(p))',
    "redirect": ["with contextlib.redirect_stdout(Sink(p)):", '    print("x")'],
    "csv_row": 'csv.writer(Sink(p)).writerow(["a", "b"])',
    "copyfileobj": 'shutil.copyfileobj(io.StringIO("x"), Sink(p))',
    "json_dump": 'json.dump({"a": 1}, Sink(p))',
    "pickle_dump": 'pickle.dump({"a": 1}, Sink(p))',
}
for _c, _line in _CALLBACKS.items():
    _lines = _line if type(_line) is list else [_line]
    for _o in _SEEN[:4]:
        _text = ("\n\n" + "\n".join(_SINKS["append"]) + "\n@REDUCE@\n\n\ndef main(mesh, x):\n"
                 + "".join(f"    {line}\n" for line in ["d = tempfile.mkdtemp()", 'p = os.path.join(d, "w.txt")',
                                                        *_lines, f'axes = ("i",) if {_o} else ("i", "j")'])
                 + "    return reduce_rows(mesh, x, axes)\n")
        prog(f"callback_{_c}_{_SEEN.index(_o)}", f"{_c} writes through a file-like object of the program's whose "
             f"write makes the file; read back by `{_o}`.", _text, 'axes = ("i",) if ', 'axes = ("i",) if not ',
             imports=IMPORTS + IMPORTS_E)
