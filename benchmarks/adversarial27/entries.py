# Entries of gen_clean.py (exec'd there). Most programs compute `axes` on the host by a Python construct
# that gives ("i",) at run time (8 CPU devices) and hand it to reduce_rows (psum of a value varying on i only);
# read otherwise it gives ("i", "j"), which raises SF105's error. `leaves` programs end the job (exit status 0)
# before a wide reduce.


def axes_prog(name, doc, pre, lines, old, new, imports="", rule="SF105"):
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        "\n\ndef main(mesh, x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, old, new, rule=rule, imports=imports)


def pick(name, doc, pre, test, old, new, imports=""):
    """axes = ("i",) when `test` (a Python expression) holds, else ("i", "j")."""
    axes_prog(name, doc, pre, [f'axes = ("i",) if {test} else ("i", "j")'], old, new, imports=imports)


def trying(name, doc, pre, stmts, kind, old, new, imports=""):
    """axes = ("i",) when `stmts` raise `kind`, else ("i", "j")."""
    if isinstance(stmts, str):
        stmts = [stmts]
    axes_prog(name, doc, pre, ['try:', *[f'    {s}' for s in stmts], '    axes = ("i", "j")', f'except {kind}:',
                               '    axes = ("i",)'], old, new, imports=imports)


def leaves(name, doc, pre, lines, old, new, imports=""):
    """main ends the job (SystemExit(0)) before the wide reduce; the twin's edit lets it go on."""
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + "\n\ndef main(mesh, x):\n" + \
        "".join(f"    {line}\n" for line in lines) + '    return reduce_rows(mesh, x, ("i", "j"))\n'
    prog(name, doc, text, old, new, imports=imports)


AP = "import argparse\nimport sys\n"

# == parse_exits.py: argparse parses believed not to exit ==================================================
# -- a `type=` converter that ends the job: the parse names nothing ending, yet exits 0 --------------------
FINISH = 'def finish(text):\n    sys.exit(0)\n'
for label, pre, parse, old, new in (
        ("type_hook_given", 'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--n", type=finish)',
         'PARSER.parse_args(["--n", "1"])', '["--n", "1"]', '[]'),
        ("type_hook_default_text", 'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--n", type=finish, default="1")',
         'PARSER.parse_args([])', 'default="1"', 'default=1'),
        ("type_hook_positional", 'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("count", type=finish)',
         'PARSER.parse_args(["3"])', 'type=finish)', 'type=str)'),
        ("type_hook_known_args", 'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--n", type=finish)',
         'PARSER.parse_known_args(["--n", "1"])', '["--n", "1"]', '["--m", "1"]'),
        ("type_hook_lambda", 'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--n", type=lambda text: sys.exit(0))',
         'PARSER.parse_args(["--n=2"])', '["--n=2"]', '[]'),
        ("type_hook_local_parser", '', None, 'parser.parse_args(["--n", "5"])', 'parser.parse_args([])'),
        ("type_hook_nargs_list", 'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--names", nargs="+", type=finish)',
         'PARSER.parse_args(["--names", "a", "b"])', '["--names", "a", "b"]', '[]'),
        ("choices_contains_hook", 'class Allowed:\n    def __contains__(self, item):\n        sys.exit(0)\n\n    def __iter__(self):\n        return iter(["a"])\n\n\nPARSER = argparse.ArgumentParser()\nPARSER.add_argument("--mode", choices=Allowed())',
         'PARSER.parse_args(["--mode", "a"])', '["--mode", "a"]', '[]'),
        ("action_class_call", 'class Finish(argparse.Action):\n    def __call__(self, parser, namespace, values, option_string=None):\n        sys.exit(0)\n\n\nPARSER = argparse.ArgumentParser()\nPARSER.add_argument("--go", action=Finish, nargs=0)',
         'PARSER.parse_args(["--go"])', '["--go"]', '[]'),
        ("parser_error_override", 'class Quiet(argparse.ArgumentParser):\n    def error(self, message):\n        sys.exit(0)\n\n\nPARSER = Quiet()\nPARSER.add_argument("--n", type=int)',
         'PARSER.parse_args(["--n", "x"])', '["--n", "x"]', '["--n", "3"]')):
    if parse is None:
        lines = ['parser = argparse.ArgumentParser()', 'parser.add_argument("--n", type=finish)', 'parser.parse_args(["--n", "5"])']
    else:
        lines = [parse]
    leaves(f"parse_{label}", f"The parse runs a hook of the file that ends the job ({label.replace('_', ' ')}).",
           FINISH + "\n\n" + pre if pre else FINISH, lines, old, new, imports=AP)

# -- errors argparse reports by exiting (status 2), caught by `except SystemExit` ---------------------------
for label, pre, parse, old, new in (
        ("bad_int_value", 'PARSER.add_argument("--n", type=int)', '["--n", "x"]', '"x"]', '"3"]'),
        ("bad_float_value", 'PARSER.add_argument("--rate", type=float)', '["--rate", "fast"]', '"fast"]', '"0.5"]'),
        ("bad_choice", 'PARSER.add_argument("--mode", choices=["a", "b"])', '["--mode", "c"]', '"c"]', '"a"]'),
        ("missing_option_value", 'PARSER.add_argument("--n")', '["--n"]', '["--n"]', '["--n", "1"]'),
        ("missing_positional", 'PARSER.add_argument("name")', '[]', 'parse_args([])', 'parse_args(["a"])'),
        ("extra_positional", 'PARSER.add_argument("--n")', '["stray"]', '["stray"]', '[]'),
        ("required_option_missing", 'PARSER.add_argument("--n", required=True)', '[]', 'parse_args([])', 'parse_args(["--n", "1"])'),
        ("nargs_two_given_one", 'PARSER.add_argument("--pair", nargs=2)', '["--pair", "a"]', '"a"]', '"a", "b"]'),
        ("exclusive_both", 'GROUP = PARSER.add_mutually_exclusive_group()\nGROUP.add_argument("--a", action="store_true")\nGROUP.add_argument("--b", action="store_true")',
         '["--a", "--b"]', '["--a", "--b"]', '["--a"]'),
        ("flag_given_value", 'PARSER.add_argument("--fast", action="store_true")', '["--fast=1"]', '["--fast=1"]', '["--fast"]'),
        ("other_parsers_option", 'OTHER = argparse.ArgumentParser()\nOTHER.add_argument("--extra")', '["--extra", "1"]', '["--extra", "1"]', '[]'),
        ("after_double_dash", 'PARSER.add_argument("--n")', '["--", "--n"]', '["--", "--n"]', '[]'),
        ("no_abbrev_prefix", 'PARSER.add_argument("--narrow", action="store_true")', '["--nar"]', '["--nar"]', '["--narrow"]'),
        ("negative_number_option_like", 'PARSER.add_argument("-1", dest="one", action="store_true")', '["-5"]', '["-5"]', '["-1"]'),
        ("subcommand_unknown", 'SUB = PARSER.add_subparsers(dest="cmd")\nSUB.add_parser("run")', '["walk"]', '["walk"]', '["run"]'),
        ("subcommand_required", 'SUB = PARSER.add_subparsers(dest="cmd", required=True)\nSUB.add_parser("run")', '[]', 'parse_args([])', 'parse_args(["run"])'),
        ("known_args_missing_value", 'PARSER.add_argument("--n")', '["--n"]', '["--n"]', '["--n", "2"]'),
        ("known_args_missing_positional", 'PARSER.add_argument("name")', '[]', 'parse_known_args([])', 'parse_known_args(["a"])'),
        ("append_const_conflict_int", 'PARSER.add_argument("--k", type=int, action="append")', '["--k", "1", "--k", "two"]', '"two"]', '"2"]')):
    method = "parse_known_args" if label.startswith("known_args") else "parse_args"
    ctor = 'argparse.ArgumentParser(allow_abbrev=False)' if label == "no_abbrev_prefix" else 'argparse.ArgumentParser()'
    trying(f"parse_error_{label}", f"argparse reports this error by exiting (status 2), caught here ({label.replace('_', ' ')}).",
           f'PARSER = {ctor}\n{pre}', f'PARSER.{method}({parse})', 'SystemExit', old, new, imports=AP)

# -- exit_on_error=False: a conversion error is raised as ArgumentError -------------------------------------
for label, pre, parse, old, new in (
        ("int_value", 'PARSER.add_argument("--n", type=int)', '["--n", "x"]', '"x"]', '"3"]'),
        ("choice", 'PARSER.add_argument("--mode", choices=["a", "b"])', '["--mode", "z"]', '"z"]', '"b"]'),
        ("missing_value", 'PARSER.add_argument("--n")', '["--n"]', '["--n"]', '["--n", "1"]')):
    trying(f"parse_argument_error_{label}", f"With exit_on_error=False argparse raises ArgumentError ({label.replace('_', ' ')}).",
           f'PARSER = argparse.ArgumentParser(exit_on_error=False)\n{pre}', f'PARSER.parse_args({parse})', 'argparse.ArgumentError',
           old, new, imports=AP)

# -- namespace values argparse gives that a reading of the defaults does not ----------------------------------
pick("parse_value_namespace_kept", "An attribute already in the namespace given is kept over the default.",
     'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--wide", action="store_true", default=True)',
     'not PARSER.parse_args([], namespace=argparse.Namespace(wide=False)).wide', 'wide=False', 'wide=True', imports=AP)
pick("parse_value_suppress_absent", "default=SUPPRESS: no attribute at all when the option is not given.",
     'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--wide", action="store_true", default=argparse.SUPPRESS)',
     'not hasattr(PARSER.parse_args([]), "wide")', '"wide")', '"__dict__")', imports=AP)
pick("parse_value_string_default_typed", "A str default goes through `type`: 1, not \"1\".",
     'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--n", type=int, default="1")',
     'PARSER.parse_args([]).n == 1', '== 1', '== "1"', imports=AP)
pick("parse_value_abbreviation", "`--nar` is read as `--narrow` (allow_abbrev).",
     'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--narrow", action="store_true")',
     'PARSER.parse_args(["--nar"]).narrow', '["--nar"]', '[]', imports=AP)
pick("parse_value_append_to_default", "action='append' appends to the default list.",
     'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--ax", action="append", default=["i"])',
     'len(PARSER.parse_args(["--ax", "i"]).ax) == 2', '== 2', '== 1', imports=AP)
pick("parse_value_combined_short_flags", "`-nq` sets both short flags.",
     'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("-n", action="store_true")\nPARSER.add_argument("-q", action="store_true")',
     'PARSER.parse_args(["-nq"]).q', '["-nq"]', '["-n"]', imports=AP)
pick("parse_value_set_defaults_after", "set_defaults after add_argument overrides the argument's default.",
     'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--wide", action="store_true", default=True)\nPARSER.set_defaults(wide=False)',
     'not PARSER.parse_args([]).wide', 'set_defaults(wide=False)', 'set_defaults(deep=False)', imports=AP)
pick("parse_value_store_false_default", "store_false's default is True; giving it makes False.",
     'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--no-wide", dest="wide", action="store_false")',
     'not PARSER.parse_args(["--no-wide"]).wide', '["--no-wide"]', '[]', imports=AP)

# == enum_texts.py / member_texts.py: the text of Enum members ============================================
EN = "import enum\nimport builtins\n"
for label, pre, test, old, new in (
        ("alias_base_str", 'Base = enum.Enum\n\n\nclass Axis(str, Base):\n    I = "i"', 'str(Axis.I) != "i"', '!= "i"', '!= "Axis.I"'),
        ("alias_base_fstring", 'Base = enum.Enum\n\n\nclass Axis(str, Base):\n    I = "i"', 'f"{Axis.I}" != "i"', '!= "i"', '!= "Axis.I"'),
        ("percent_format", 'class Axis(str, enum.Enum):\n    I = "i"', '"%s" % Axis.I != "i"', '!= "i"', '!= "Axis.I"'),
        ("str_format_method", 'class Axis(str, enum.Enum):\n    I = "i"', '"{}".format(Axis.I) != "i"', '!= "i"', '!= "Axis.I"'),
        ("str_format_unbound", 'class Axis(str, enum.Enum):\n    I = "i"', 'str.format("{}", Axis.I) != "i"', '!= "i"', '!= "Axis.I"'),
        ("format_map", 'class Axis(str, enum.Enum):\n    I = "i"', '"{a}".format_map({"a": Axis.I}) != "i"', '!= "i"', '!= "Axis.I"'),
        ("percent_dict", 'class Axis(str, enum.Enum):\n    I = "i"', '"%(a)s" % {"a": Axis.I} != "i"', '!= "i"', '!= "Axis.I"'),
        ("type_setattr_str", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\ntype.__setattr__(Axis, "__str__", lambda self: "axis-" + self.value)',
         'str(Axis.I) != "i"', '!= "i"', '!= "axis-i"'),
        ("builtins_setattr_str", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\nbuiltins.setattr(Axis, "__str__", lambda self: "axis-" + self.value)',
         'str(Axis.I) != "i"', '!= "i"', '!= "axis-i"'),
        ("put_alias_format", 'put = builtins.setattr\n\n\nclass Axis(enum.StrEnum):\n    I = "i"\n\n\nput(Axis, "__format__", lambda self, spec: "axis")',
         'f"{Axis.I}" != "i"', '!= "i"', '!= "axis"'),
        ("next_value_override", 'class Axis(enum.StrEnum):\n    @staticmethod\n    def _generate_next_value_(name, start, count, last):\n        return name\n\n    I = enum.auto()',
         'Axis.I != "i"', '!= "i"', '!= "I"'),
        ("next_value_override_str", 'class Axis(enum.StrEnum):\n    @staticmethod\n    def _generate_next_value_(name, start, count, last):\n        return name\n\n    I = enum.auto()',
         'str(Axis.I) == "I"', '== "I"', '== "i"'),
        ("auto_str_mixin", 'class Axis(str, enum.Enum):\n    I = enum.auto()', 'str(Axis.I) != "i"', '!= "i"', '!= "Axis.I"'),
        ("tuple_value_bytes", 'class Axis(str, enum.Enum):\n    I = (b"i", "ascii")', 'Axis.I == "i"', '== "i"', '== "ascii"'),
        ("missing_hook", 'class Axis(str, enum.Enum):\n    I = "i"\n\n    @classmethod\n    def _missing_(cls, value):\n        return cls.I',
         'Axis("I") == "i"', '== "i"', '== "I"'),
        ("exec_hook", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\nexec("Axis.__str__ = lambda self: \'axis\'")', 'str(Axis.I) != "i"', '!= "i"', '!= "axis"'),
        ("base_setattr_before", 'class Base(enum.StrEnum):\n    pass\n\n\ndef text(self):\n    return "axis"\n\n\ntype.__setattr__(Base, "__str__", text)\n\n\nclass Axis(Base):\n    I = "i"',
         'str(Axis.I) != "i"', '!= "i"', '!= "axis"'),
        ("int_mixin_fstring", 'class Level(int, enum.Enum):\n    LOW = 1', 'f"{Level.LOW}" != "1"', '!= "1"', '!= "Level.LOW"'),
        ("int_mixin_str", 'class Level(int, enum.Enum):\n    LOW = 1', 'str(Level.LOW) != "1"', '!= "1"', '!= "Level.LOW"'),
        ("flag_str", 'class Perm(enum.Flag):\n    R = 1\n    W = 2', 'str(Perm.R | Perm.W) == "Perm.R|W"', '== "Perm.R|W"', '== "Perm.W|R"'),
        ("intflag_fstring", 'class Perm(enum.IntFlag):\n    R = 1\n    W = 2', 'f"{Perm.R | Perm.W}" == "3"', '== "3"', '== "Perm.R|W"'),
        ("functional_api", 'Axis = enum.Enum("Axis", {"I": "i"}, type=str)', 'str(Axis.I) != "i"', '!= "i"', '!= "Axis.I"'),
        ("join_member", 'class Axis(str, enum.Enum):\n    I = "i"', '"".join([Axis.I]) == "i"', '== "i"', '== "Axis.I"'),
        ("value_via_new", 'class Axis(str, enum.Enum):\n    I = "i"\n    J = "j"', 'Axis("i") is Axis.I', 'is Axis.I', 'is Axis.J')):
    pick(f"enum_{label}", f"The text of an Enum member as Python 3.11 gives it ({label.replace('_', ' ')}).", pre, test, old, new, imports=EN)
# -- more ways the file puts a hook on an Enum class (or a base) that the static reading does not see ---------
for label, pre, test, old, new in (
        ("mixin_made_by_type", 'Mixin = type("Mixin", (), {"__str__": lambda self: "axis"})\n\n\nclass Axis(Mixin, enum.StrEnum):\n    I = "i"',
         'str(Axis.I) != "i"', '!= "i"', '!= "axis"'),
        ("mixin_made_by_type_fstring", 'Mixin = type("Mixin", (), {"__str__": lambda self: "axis"})\n\n\nclass Axis(Mixin, enum.StrEnum):\n    I = "i"',
         'f"{Axis.I}" != "i"', '!= "i"', '!= "axis"'),
        ("metaclass_setattr", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\nAxis.__class__.__setattr__(Axis, "__str__", lambda self: "axis")',
         'str(Axis.I) != "i"', '!= "i"', '!= "axis"'),
        ("enumtype_setattr", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\nenum.EnumType.__setattr__(Axis, "__str__", lambda self: "axis")',
         'str(Axis.I) != "i"', '!= "i"', '!= "axis"'),
        ("getattr_setattr", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\ngetattr(builtins, "setattr")(Axis, "__str__", lambda self: "axis")',
         'str(Axis.I) != "i"', '!= "i"', '!= "axis"'),
        ("partial_type_setattr", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\nfunctools.partial(type.__setattr__, Axis)("__str__", lambda self: "axis")',
         'str(Axis.I) != "i"', '!= "i"', '!= "axis"'),
        ("type_setattr_format_fstring", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\ntype.__setattr__(Axis, "__format__", lambda self, spec: "axis")',
         'f"{Axis.I}" != "i"', '!= "i"', '!= "axis"'),
        ("type_setattr_format_call", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\ntype.__setattr__(Axis, "__format__", lambda self, spec: "axis")',
         'format(Axis.I) != "i"', '!= "i"', '!= "axis"'),
        ("type_setattr_in_def", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\ndef install():\n    type.__setattr__(Axis, "__str__", lambda self: "axis")\n\n\ninstall()',
         'str(Axis.I) != "i"', '!= "i"', '!= "axis"'),
        ("type_setattr_loop", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\nfor hook in ("__str__", "__format__"):\n    type.__setattr__(Axis, hook, lambda self, *spec: "axis")',
         'f"{Axis.I}" != "i"', '!= "i"', '!= "axis"'),
        ("local_base_type_setattr", 'class Base(enum.StrEnum):\n    pass\n\n\ntype.__setattr__(Base, "__format__", lambda self, spec: "axis")\n\n\nclass Axis(Base):\n    I = "i"',
         'f"{Axis.I}" != "i"', '!= "i"', '!= "axis"')):
    pick(f"enum_{label}", f"The text of an Enum member as Python 3.11 gives it ({label.replace('_', ' ')}).", pre, test, old, new,
         imports=EN + "import functools\n")

# -- argparse: more plain methods / registered hooks the parse runs ------------------------------------------
for label, pre, parse, old, new in (
        ("registered_type", 'PARSER = argparse.ArgumentParser()\nPARSER.register("type", "stop", finish)\nPARSER.add_argument("--n", type="stop")',
         'PARSER.parse_args(["--n", "1"])', '["--n", "1"]', '[]'),
        ("registered_action", 'class Finish(argparse.Action):\n    def __init__(self, option_strings, dest, **kwargs):\n        super().__init__(option_strings, dest, nargs=0, **kwargs)\n\n    def __call__(self, parser, namespace, values, option_string=None):\n        sys.exit(0)\n\n\nPARSER = argparse.ArgumentParser()\nPARSER.register("action", "go", Finish)\nPARSER.add_argument("--go", action="go")',
         'PARSER.parse_args(["--go"])', '["--go"]', '[]'),
        ("static_type", 'class Conv:\n    @staticmethod\n    def stop(text):\n        sys.exit(0)\n\n\nPARSER = argparse.ArgumentParser()\nPARSER.add_argument("--n", type=Conv.stop)',
         'PARSER.parse_args(["--n", "1"])', '["--n", "1"]', '[]'),
        ("two_deep_type", 'def check(text):\n    finish(text)\n    return text\n\n\nPARSER = argparse.ArgumentParser()\nPARSER.add_argument("--n", type=check)',
         'PARSER.parse_args(["--n", "1"])', '["--n", "1"]', '[]'),
        ("partial_type", 'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--n", type=functools.partial(finish))',
         'PARSER.parse_args(["--n", "1"])', '["--n", "1"]', '[]'),
        ("intermixed_type_hook", 'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--n", type=finish)',
         'PARSER.parse_intermixed_args(["--n", "1"])', '["--n", "1"]', '[]'),
        ("subparser_type_hook", 'PARSER = argparse.ArgumentParser()\nSUB = PARSER.add_subparsers(dest="cmd")\nRUN = SUB.add_parser("run")\nRUN.add_argument("--n", type=finish)',
         'PARSER.parse_args(["run", "--n", "1"])', '["run", "--n", "1"]', '["run"]'),
        ("helper_parse", 'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--n", type=finish)\n\n\ndef parse(argv):\n    return PARSER.parse_args(argv)',
         'parse(["--n", "1"])', '["--n", "1"]', '[]'),
        ("print_usage_override", 'class Quiet(argparse.ArgumentParser):\n    def print_usage(self, file=None):\n        sys.exit(0)\n\n\nPARSER = Quiet()\nPARSER.add_argument("--n", type=int)',
         'PARSER.parse_args(["--n", "x"])', '["--n", "x"]', '["--n", "3"]'),
        ("exit_override", 'class Quiet(argparse.ArgumentParser):\n    def exit(self, status=0, message=None):\n        sys.exit(0)\n\n\nPARSER = Quiet()\nPARSER.add_argument("--mode", choices=["a"])',
         'PARSER.parse_args(["--mode", "b"])', '["--mode", "b"]', '["--mode", "a"]'),
        ("error_override_extra", 'class Quiet(argparse.ArgumentParser):\n    def error(self, message):\n        sys.exit(0)\n\n\nPARSER = Quiet()',
         'PARSER.parse_args(["stray"])', '["stray"]', '[]'),
        ("error_override_missing", 'class Quiet(argparse.ArgumentParser):\n    def error(self, message):\n        sys.exit(0)\n\n\nPARSER = Quiet()\nPARSER.add_argument("name")',
         'PARSER.parse_args([])', 'parse_args([])', 'parse_args(["a"])'),
        ("check_value_override", 'class Quiet(argparse.ArgumentParser):\n    def _check_value(self, action, value):\n        sys.exit(0)\n\n\nPARSER = Quiet()\nPARSER.add_argument("--mode", choices=["a", "b"])',
         'PARSER.parse_args(["--mode", "a"])', '["--mode", "a"]', '[]'),
        ("get_values_override", 'class Quiet(argparse.ArgumentParser):\n    def _get_values(self, action, strings):\n        sys.exit(0)\n\n\nPARSER = Quiet()\nPARSER.add_argument("--n")',
         'PARSER.parse_args(["--n", "1"])', '["--n", "1"]', '[]')):
    leaves(f"parse_{label}", f"The parse runs a hook of the file that ends the job ({label.replace('_', ' ')}).",
           FINISH + "\n\n" + pre, [parse], old, new, imports=AP + "import functools\n")

# == implicit_exits.py: library code that calls a plain method / function of the file that ends the job =======
IX = "import ast\nimport cmd\nimport copy\nimport copyreg\nimport csv\nimport html.parser\nimport io\nimport json\nimport logging\nimport string\nimport sys\n"
for label, pre, lines, old, new in (
        ("copyreg_reducer", 'class Plan:\n    pass\n\n\ndef reduce_plan(plan):\n    sys.exit(0)\n\n\ncopyreg.pickle(Plan, reduce_plan)',
         ['copy.copy(Plan())'], 'copy.copy(Plan())', 'Plan()'),
        ("print_to_sink", 'class Sink:\n    def write(self, text):\n        sys.exit(0)\n\n    def flush(self):\n        pass',
         ['print("done", file=Sink())'], 'print("done", file=Sink())', 'print("done", file=io.StringIO())'),
        ("csv_to_sink", 'class Sink:\n    def write(self, text):\n        sys.exit(0)',
         ['csv.writer(Sink()).writerow([1, 2])'], 'csv.writer(Sink()).writerow([1, 2])', 'csv.writer(io.StringIO()).writerow([1, 2])'),
        ("json_dump_sink", 'class Sink:\n    def write(self, text):\n        sys.exit(0)',
         ['json.dump({"a": 1}, Sink())'], 'json.dump({"a": 1}, Sink())', 'json.dump({"a": 1}, io.StringIO())'),
        ("json_encoder_default", 'class Encoder(json.JSONEncoder):\n    def default(self, o):\n        sys.exit(0)',
         ['json.dumps({"a": object()}, cls=Encoder)'], '{"a": object()}', '{"a": 1}'),
        ("formatter_field", 'class Fmt(string.Formatter):\n    def format_field(self, value, format_spec):\n        sys.exit(0)',
         ['Fmt().format("{}", 1)'], 'Fmt().format("{}", 1)', 'Fmt().format("plain")'),
        ("html_parser_tag", 'class Reader(html.parser.HTMLParser):\n    def handle_starttag(self, tag, attrs):\n        sys.exit(0)',
         ['Reader().feed("<p>")'], 'Reader().feed("<p>")', 'Reader().feed("text")'),
        ("node_visitor", 'class Visitor(ast.NodeVisitor):\n    def visit_Name(self, node):\n        sys.exit(0)',
         ['Visitor().visit(ast.parse("x"))'], 'ast.parse("x")', 'ast.parse("1")'),
        ("cmd_do_method", 'class Shell(cmd.Cmd):\n    def do_quit(self, arg):\n        sys.exit(0)',
         ['Shell().onecmd("quit")'], 'Shell().onecmd("quit")', 'Shell().onecmd("")'),
        ("logging_handler_emit", 'class Stop(logging.Handler):\n    def emit(self, record):\n        sys.exit(0)\n\n\nLOG = logging.getLogger("adv27.stop")\nLOG.propagate = False\nLOG.addHandler(Stop())',
         ['LOG.warning("done")'], 'LOG.warning("done")', 'LOG.debug("done")'),
        ("generator_next", 'def steps():\n    yield 1\n    sys.exit(0)',
         ['walk = steps()', 'next(walk)', 'next(walk)'], '    next(walk)\n    next(walk)', '    next(walk)\n    walk.close()'),
        ("generator_list", 'def steps():\n    yield 1\n    sys.exit(0)',
         ['walk = steps()', 'list(walk)'], '    list(walk)', '    walk.close()'),
        ("coroutine_asyncio_run", 'async def finish():\n    sys.exit(0)',
         ['job = finish()', 'asyncio.run(job)'], '    asyncio.run(job)', '    job.close()'),
        ("coroutine_send", 'async def finish():\n    sys.exit(0)',
         ['job = finish()', 'job.send(None)'], '    job.send(None)', '    job.close()'),
        ("property_getter", 'class Job:\n    @property\n    def done(self):\n        sys.exit(0)',
         ['Job().done'], 'Job().done', 'Job()'),
        ("map_lazy", '', ['steps = map(sys.exit, [0])', 'list(steps)'], '    list(steps)', '    del steps'),
        ("filter_lazy", 'def keep(item):\n    sys.exit(0)', ['kept = filter(keep, [1])', 'list(kept)'], '    list(kept)', '    del kept')):
    leaves(f"hook_{label}", f"A library call runs a plain method or function of the file that ends the job ({label.replace('_', ' ')}).",
           pre, lines, old, new, imports=IX + "import asyncio\n")

# == init_reruns.py / classes.py: what a copy-by-name or a construction really stores ========================
DC = "import collections\nimport copy\nimport dataclasses\nimport typing\n"
for label, pre, test, old, new in (
        ("replace_post_init", '@dataclasses.dataclass\nclass Plan:\n    wide: bool\n    axes: tuple = dataclasses.field(init=False)\n\n    def __post_init__(self):\n        self.axes = ("i", "j") if self.wide else ("i",)',
         'dataclasses.replace(Plan(True), wide=False).axes == ("i",)', 'wide=False)', 'wide=True)'),
        ("replace_post_init_keeps", '@dataclasses.dataclass\nclass Plan:\n    axes: tuple\n\n    def __post_init__(self):\n        self.axes = self.axes[:1]',
         'len(dataclasses.replace(Plan(("i",)), axes=("i", "j")).axes) == 1', '== 1', '== 2'),
        ("namedtuple_replace_skips_new", 'class Pair(collections.namedtuple("Pair", "axes")):\n    def __new__(cls, axes):\n        return super().__new__(cls, axes[:1])',
         'len(Pair(("i",))._replace(axes=("i", "j")).axes) == 2', '== 2', '== 1'),
        ("namedtuple_make_skips_new", 'class Pair(collections.namedtuple("Pair", "axes")):\n    def __new__(cls, axes):\n        return super().__new__(cls, axes[:1])',
         'len(Pair._make([("i", "j")]).axes) == 2', '== 2', '== 1'),
        ("copy_skips_init", 'class Plan:\n    def __init__(self, axes):\n        self.axes = axes[:1]\n        self.made = 1',
         'copy.copy(Plan(("i", "j"))).made == 1', '== 1', '== 2'),
        ("new_without_init", 'class Plan:\n    def __init__(self):\n        self.axes = ("i", "j")',
         'not hasattr(Plan.__new__(Plan), "axes")', '"axes")', '"__init__")'),
        ("vars_update_in_method", '@dataclasses.dataclass\nclass Plan:\n    axes: tuple = ("i", "j")\n\n    def narrow(self):\n        vars(self).update(axes=("i",))\n        return self',
         'Plan().narrow().axes == ("i",)', '== ("i",)', '== ("i", "j")'),
        ("frozen_object_setattr", '@dataclasses.dataclass(frozen=True)\nclass Plan:\n    axes: tuple = ("i", "j")\n\n    def __post_init__(self):\n        object.__setattr__(self, "axes", self.axes[:1])',
         'Plan().axes == ("i",)', '== ("i",)', '== ("i", "j")')):
    pick(f"fields_{label}", f"What the object holds after a copy, replace or construction ({label.replace('_', ' ')}).",
         pre, test, old, new, imports=DC)

# == script_timers.py: timeouts of 0 and their kin ==========================================================
AS = "import asyncio\n"
for label, pre, old, new in (
        ("wait_for_zero_queue", 'async def probe():\n    queue = asyncio.Queue()\n    queue.put_nowait(1)\n    try:\n        await asyncio.wait_for(queue.get(), 0)\n        return ("i", "j")\n    except asyncio.TimeoutError:\n        return ("i",)',
         'queue.get(), 0)', 'queue.get(), 5)'),
        ("wait_for_zero_coroutine", 'async def quick():\n    return 1\n\n\nasync def probe():\n    try:\n        await asyncio.wait_for(quick(), 0)\n        return ("i", "j")\n    except asyncio.TimeoutError:\n        return ("i",)',
         'quick(), 0)', 'quick(), None)'),
        ("wait_for_negative", 'async def quick():\n    return 1\n\n\nasync def probe():\n    try:\n        await asyncio.wait_for(quick(), -1)\n        return ("i", "j")\n    except asyncio.TimeoutError:\n        return ("i",)',
         'quick(), -1)', 'quick(), 30)'),
        ("timeout_zero_block", 'async def probe():\n    try:\n        async with asyncio.timeout(0):\n            await asyncio.sleep(0)\n        return ("i", "j")\n    except TimeoutError:\n        return ("i",)',
         'asyncio.timeout(0)', 'asyncio.timeout(None)'),
        ("wait_for_done_future_zero", 'async def probe():\n    done = asyncio.get_running_loop().create_future()\n    done.set_result(("i",))\n    try:\n        return await asyncio.wait_for(done, 0)\n    except asyncio.TimeoutError:\n        return ("i", "j")',
         'done.set_result(("i",))', 'done.set_result(("i", "j"))'),
        ("shield_cancel_inner_goes_on", 'async def inner(box):\n    await asyncio.sleep(0)\n    box.append("i")\n\n\nasync def probe():\n    box = []\n    task = asyncio.ensure_future(inner(box))\n    outer = asyncio.shield(task)\n    outer.cancel()\n    await task\n    return tuple(box) or ("i", "j")',
         'box.append("i")', 'box.clear()'),
        ("wait_first_completed", 'async def slow():\n    await asyncio.Event().wait()\n\n\nasync def quick():\n    return 1\n\n\nasync def probe():\n    tasks = [asyncio.ensure_future(slow()), asyncio.ensure_future(quick())]\n    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)\n    for task in pending:\n        task.cancel()\n    return ("i",) if len(done) == 1 else ("i", "j")',
         'len(done) == 1', 'len(done) == 2'),
        ("call_later_zero_order", 'async def probe():\n    loop = asyncio.get_running_loop()\n    seen = []\n    loop.call_soon(seen.append, "i")\n    loop.call_later(0, seen.append, "j")\n    await asyncio.sleep(0.05)\n    return tuple(seen[:1])',
         'seen[:1]', 'seen[:2]'),
        ("taskgroup_cancels_sibling", 'async def fail():\n    raise ValueError("stop")\n\n\nasync def later(box):\n    await asyncio.sleep(10)\n    box.append("j")\n\n\nasync def probe():\n    box = ["i"]\n    try:\n        async with asyncio.TaskGroup() as group:\n            group.create_task(later(box))\n            group.create_task(fail())\n    except* ValueError:\n        pass\n    return tuple(box)',
         'raise ValueError("stop")', 'return None'),
        ("executor_thread_result", 'def work():\n    return ("i",)\n\n\nasync def probe():\n    loop = asyncio.get_running_loop()\n    return await asyncio.wait_for(loop.run_in_executor(None, work), 30)',
         'return ("i",)', 'return ("i", "j")')):
    axes_prog(f"timer_{label}", f"asyncio's own timing answers this ({label.replace('_', ' ')}).", pre,
              ['axes = asyncio.run(probe())'], old, new, imports=AS)

# -- the file hands a hook to a library object at module level; main's later call runs it (names nothing ending) --
MX = ("import codecs\nimport collections\nimport concurrent.futures\nimport configparser\nimport contextlib\nimport functools\n"
      "import importlib\nimport importlib.abc\nimport io\nimport json\nimport logging\nimport operator\nimport pickle\nimport pprint\n"
      "import sched\nimport sys\nimport threading\nimport weakref\nimport xml.etree.ElementTree as ET\n")
STOP = 'def finish(*args):\n    sys.exit(0)\n'
for label, pre, lines, old, new in (
        ("sched_run", 'SCHED = sched.scheduler()\nSCHED.enter(0, 1, finish)', ['SCHED.run()'], '    SCHED.run()', '    SCHED.empty()'),
        ("executor_result", 'POOL = concurrent.futures.ThreadPoolExecutor(1)\nFUTURE = POOL.submit(finish)', ['FUTURE.result()'],
         '    FUTURE.result()', '    FUTURE.done()'),
        ("thread_run_inline", 'WORKER = threading.Thread(target=finish)', ['WORKER.run()'], '    WORKER.run()', '    WORKER.is_alive()'),
        ("stored_partial", 'JOB = functools.partial(sys.exit, 0)', ['JOB()'], '    JOB()', '    JOB.args'),
        ("list_of_hooks", 'HOOKS = [finish]', ['HOOKS[0]()'], '    HOOKS[0]()', '    HOOKS[0]'),
        ("dict_of_hooks", 'TABLE = {"stop": finish}', ['TABLE["stop"]()'], '    TABLE["stop"]()', '    TABLE["stop"]'),
        ("defaultdict_factory", 'TABLE = collections.defaultdict(finish)', ['TABLE["k"]'], '    TABLE["k"]', '    TABLE.get("k")'),
        ("exitstack_callback", 'STACK = contextlib.ExitStack()\nSTACK.callback(finish)', ['STACK.close()'], '    STACK.close()', '    STACK.pop_all()'),
        ("weakref_finalize_call", 'class Plan:\n    pass\n\n\nKEEP = Plan()\nDONE = weakref.finalize(KEEP, finish)',
         ['DONE()'], '    DONE()', '    DONE.alive'),
        ("iter_callable", 'TICKS = iter(finish, None)', ['next(TICKS)'], '    next(TICKS)', '    iter(TICKS)'),
        ("module_generator", 'def steps():\n    yield 1\n    sys.exit(0)\n\n\nWALK = steps()', ['next(WALK)', 'next(WALK)'],
         '    next(WALK)\n    next(WALK)', '    next(WALK)\n    iter(WALK)'),
        ("module_coroutine", 'async def finish_later():\n    sys.exit(0)\n\n\nJOB = finish_later()', ['asyncio.run(JOB)'],
         '    asyncio.run(JOB)', '    JOB.close()'),
        ("module_map", 'STEPS = map(sys.exit, [0])', ['list(STEPS)'], '    list(STEPS)', '    iter(STEPS)'),
        ("redirect_stdout_sink", 'class Sink:\n    def write(self, text):\n        sys.exit(0)\n\n    def flush(self):\n        pass\n\n\nSINK = Sink()',
         ['with contextlib.redirect_stdout(SINK):', '    print("done")'], '    print("done")', '    pass'),
        ("methodcaller", 'class Job:\n    def stop(self):\n        sys.exit(0)\n\n\nCALL = operator.methodcaller("stop")', ['CALL(Job())'],
         '    CALL(Job())', '    CALL'),
        ("codec_search", 'def search(name):\n    if name == "adv27_stop":\n        sys.exit(0)\n    return None\n\n\ncodecs.register(search)',
         ['"x".encode("adv27-stop")'], '"x".encode("adv27-stop")', '"x".encode("ascii")'),
        ("meta_path_finder", 'class Finder(importlib.abc.MetaPathFinder):\n    def find_spec(self, name, path, target=None):\n        if name == "adv27_missing_module":\n            sys.exit(0)\n        return None\n\n\nsys.meta_path.insert(0, Finder())',
         ['importlib.import_module("adv27_missing_module")'], '"adv27_missing_module")', '"json")'),
        ("json_decoder_hook", 'DECODER = json.JSONDecoder(object_hook=finish)', ['DECODER.decode("{}")'], 'DECODER.decode("{}")', 'DECODER.decode("1")'),
        ("xml_parser_target", 'class Target:\n    def start(self, tag, attrib):\n        sys.exit(0)\n\n    def close(self):\n        return None\n\n\nPARSER = ET.XMLParser(target=Target())',
         ['PARSER.feed("<a/>")'], 'PARSER.feed("<a/>")', 'PARSER.feed("")'),
        ("pprint_format", 'class Printer(pprint.PrettyPrinter):\n    def format(self, obj, context, maxlevels, level):\n        sys.exit(0)',
         ['Printer().pformat([1])'], 'Printer().pformat([1])', 'Printer()'),
        ("configparser_optionxform", 'class Config(configparser.ConfigParser):\n    def optionxform(self, optionstr):\n        sys.exit(0)',
         ['Config().read_string("[a]\\nk = 1\\n")'], 'k = 1\\n', '\\n'),
        ("logging_filter", 'class Gate(logging.Filter):\n    def filter(self, record):\n        sys.exit(0)\n\n\nLOG = logging.getLogger("adv27.gate")\nLOG.propagate = False\nLOG.addFilter(Gate())',
         ['LOG.error("done")'], 'LOG.error("done")', 'LOG.isEnabledFor(1)'),
        ("logging_formatter", 'class Form(logging.Formatter):\n    def format(self, record):\n        sys.exit(0)\n\n\nLOG = logging.getLogger("adv27.form")\nLOG.propagate = False\nHANDLER = logging.StreamHandler(io.StringIO())\nHANDLER.setFormatter(Form())\nLOG.addHandler(HANDLER)',
         ['LOG.error("done")'], 'LOG.error("done")', 'LOG.isEnabledFor(1)'),
        ("raw_io_readinto", 'class Raw(io.RawIOBase):\n    def readable(self):\n        return True\n\n    def readinto(self, buffer):\n        sys.exit(0)',
         ['io.BufferedReader(Raw()).read()'], 'io.BufferedReader(Raw()).read()', 'io.BufferedReader(Raw())'),
        ("jit_of_exiting_def", 'def traced(a):\n    sys.exit(0)\n\n\nTRACED = jax.jit(traced)', ['TRACED(x)'], '    TRACED(x)', '    TRACED'),
        ("pytree_flatten_hook", 'class Box:\n    pass\n\n\njax.tree_util.register_pytree_node(Box, finish, lambda aux, children: Box())',
         ['jax.tree_util.tree_leaves(Box())'], 'jax.tree_util.tree_leaves(Box())', 'jax.tree_util.tree_leaves([Box])'),
        ("pytree_node_class", '@jax.tree_util.register_pytree_node_class\nclass Box:\n    def tree_flatten(self):\n        sys.exit(0)\n\n    @classmethod\n    def tree_unflatten(cls, aux, children):\n        return cls()',
         ['jax.tree.leaves(Box())'], 'jax.tree.leaves(Box())', 'jax.tree.leaves([])'),
        ("pytree_tree_map", 'class Box:\n    pass\n\n\njax.tree_util.register_pytree_node(Box, finish, lambda aux, children: Box())',
         ['jax.tree.map(lambda leaf: leaf, {"box": Box()})'], '{"box": Box()}', '{"box": 1}'),
        ("pickle_dispatch_table", 'class Plan:\n    pass\n\n\ncopyreg.pickle(Plan, finish)', ['pickle.dumps(Plan())'], 'pickle.dumps(Plan())', 'pickle.dumps(1)'),
        ("copyreg_deepcopy", 'class Plan:\n    pass\n\n\ncopyreg.pickle(Plan, finish)', ['copy.deepcopy([Plan()])'], 'copy.deepcopy([Plan()])', 'copy.deepcopy([1])')):
    leaves(f"hook_module_{label}", f"A hook the module hands a library object; main's call runs it and ends the job ({label.replace('_', ' ')}).",
           STOP + "\n\n" + pre, lines, old, new, imports=MX + "import asyncio\nimport copy\nimport copyreg\n")

# -- more parses running a `type=` hook of the file -----------------------------------------------------------
for label, pre, parse, old, new in (
        ("append_type_hook", 'PARSER.add_argument("--n", action="append", type=finish)', '["--n", "1"]', '["--n", "1"]', '[]'),
        ("group_type_hook", 'GROUP = PARSER.add_argument_group("extra")\nGROUP.add_argument("--n", type=finish)', '["--n", "1"]', '["--n", "1"]', '[]'),
        ("exclusive_type_hook", 'GROUP = PARSER.add_mutually_exclusive_group()\nGROUP.add_argument("--n", type=finish)', '["--n", "1"]', '["--n", "1"]', '[]'),
        ("parent_type_hook", 'BASE = argparse.ArgumentParser(add_help=False)\nBASE.add_argument("--n", type=finish)\nPARSER = argparse.ArgumentParser(parents=[BASE])',
         '["--n", "1"]', '["--n", "1"]', '[]'),
        ("known_default_hook", 'PARSER.add_argument("--n", type=finish, default="7")', '[]', 'default="7"', 'default=7'),
        ("optional_nargs_default_hook", 'PARSER.add_argument("--n", nargs="?", type=finish, default="x")', '[]', 'default="x"', 'default=None'),
        ("no_exit_on_error_hook", 'PARSER = argparse.ArgumentParser(exit_on_error=False)\nPARSER.add_argument("--n", type=finish)', '["--n", "1"]', '["--n", "1"]', '[]'),
        ("positional_star_hook", 'PARSER.add_argument("words", nargs="*", type=finish)', '["a"]', '["a"]', '[]'),
        ("short_option_hook", 'PARSER.add_argument("-n", type=finish)', '["-n5"]', '["-n5"]', '[]'),
        ("abbrev_hook", 'PARSER.add_argument("--number", type=finish)', '["--num", "1"]', '["--num", "1"]', '[]'),
        ("class_type_hook", 'class Count:\n    def __init__(self, text):\n        sys.exit(0)\n\n\nPARSER.add_argument("--n", type=Count)',
         '["--n", "1"]', '["--n", "1"]', '[]'),
        ("bound_method_hook", 'class Conv:\n    def parse(self, text):\n        sys.exit(0)\n\n\nPARSER.add_argument("--n", type=Conv().parse)',
         '["--n", "1"]', '["--n", "1"]', '[]')):
    body = pre if pre.startswith(("BASE", "PARSER =")) else 'PARSER = argparse.ArgumentParser()\n' + pre
    if pre.startswith("class"):
        cls, rest = pre.split("\n\n\n", 1)
        body = cls + '\n\n\nPARSER = argparse.ArgumentParser()\n' + rest
    method = "parse_known_args" if label.startswith("known") else "parse_args"
    leaves(f"parse_{label}", f"The parse runs a hook of the file that ends the job ({label.replace('_', ' ')}).",
           FINISH + "\n\n" + body, [f'PARSER.{method}({parse})'], old, new, imports=AP)

# -- more `type.__setattr__`-like stores of a text hook ---------------------------------------------------------
for label, pre, test, old, new in (
        ("enummeta_setattr", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\nenum.EnumMeta.__setattr__(Axis, "__str__", lambda self: "axis")',
         'str(Axis.I) != "i"', '!= "i"', '!= "axis"'),
        ("type_setattr_two_members", 'class Axis(enum.StrEnum):\n    I = "i"\n    J = "j"\n\n\ntype.__setattr__(Axis, "__str__", lambda self: self.name)',
         'str(Axis.J) == "J"', '== "J"', '== "j"'),
        ("type_setattr_str_mixin_format", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\ntype.__setattr__(Axis, "__str__", lambda self: "axis")',
         'format(Axis.I, "") != "i"', '!= "i"', '!= "axis"'),
        ("type_setattr_fstring_spec", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\ntype.__setattr__(Axis, "__format__", lambda self, spec: "axis")',
         'f"{Axis.I:>3}" != "  i"', '!= "  i"', '!= "axis"'),
        ("setattr_via_vars_builtins", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\nvars(builtins)["setattr"](Axis, "__str__", lambda self: "axis")',
         'str(Axis.I) != "i"', '!= "i"', '!= "axis"'),
        ("setattr_via_operator_free", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\nPUT = type.__setattr__\nPUT(Axis, "__str__", lambda self: "axis")',
         'str(Axis.I) != "i"', '!= "i"', '!= "axis"'),
        ("type_setattr_on_mixin", 'class Mixin:\n    pass\n\n\ntype.__setattr__(Mixin, "__str__", lambda self: "axis")\n\n\nclass Axis(Mixin, enum.StrEnum):\n    I = "i"',
         'str(Axis.I) != "i"', '!= "i"', '!= "axis"')):
    pick(f"enum_{label}", f"The text of an Enum member as Python 3.11 gives it ({label.replace('_', ' ')}).", pre, test, old, new, imports=EN)

# == init_reruns.py: `__init__` run again on an object already built, spelled without a read of `.__init__` that
#    counts (every such read is taken as a change, but for the listed exceptions) ================================
PLAN = 'class Plan:\n    def __init__(self, axes):\n        self.axes = axes\n\n\nPLAN = Plan(("i", "j"))\n'
IR = "import functools\nimport operator\n"
for label, pre, lines, old, new in (
        ("getattr_constant", '', ['getattr(PLAN, "__init__")(("i",))'], '"__init__")(("i",))', '"__init__")(("i", "j"))'),
        ("methodcaller", '', ['operator.methodcaller("__init__", ("i",))(PLAN)'], '"__init__", ("i",))', '"__init__", ("i", "j"))'),
        ("vars_of_class", '', ['vars(Plan)["__init__"](PLAN, ("i",))'], '(PLAN, ("i",))', '(PLAN, ("i", "j"))'),
        ("getattribute", '', ['object.__getattribute__(PLAN, "__init__")(("i",))'], '"__init__")(("i",))', '"__init__")(("i", "j"))'),
        ("reader_named_signature", 'def signature(init):\n    init(PLAN, ("i",))', ['signature(Plan.__init__)'], 'init(PLAN, ("i",))', 'init(PLAN, ("i", "j"))'),
        ("reader_named_getdoc", 'def getdoc(init):\n    init(PLAN, ("i",))\n    return ""', ['getdoc(Plan.__init__)'], 'init(PLAN, ("i",))', 'init(PLAN, ("i", "j"))'),
        ("wrapping_def_calls_saved", 'def wrap(cls):\n    init = cls.__init__\n    cls.__init__ = init\n    init(PLAN, ("i",))\n    return cls',
         ['wrap(Plan)'], 'init(PLAN, ("i",))', 'init(PLAN, ("i", "j"))'),
        ("subclass_rebinds_self", 'class Narrow(Plan):\n    def __init__(self, target):\n        self = target\n        Plan.__init__(self, ("i",))',
         ['Narrow(PLAN)'], 'Plan.__init__(self, ("i",))', 'Plan.__init__(self, ("i", "j"))'),
        ("base_init_other_object", 'class Narrow(Plan):\n    def __init__(self, target):\n        Plan.__init__(target, ("i",))\n        Plan.__init__(self, ())',
         ['Narrow(PLAN)'], 'Plan.__init__(target, ("i",))', 'Plan.__init__(target, ("i", "j"))'),
        ("object_init_name", 'class Narrow(Plan):\n    def __init__(self, target):\n        Plan.__init__(self, ())\n        Plan.__init__(*[target, ("i",)])',
         ['Narrow(PLAN)'], 'Plan.__init__(*[target, ("i",)])', 'Plan.__init__(*[target, ("i", "j")])'),
        ("setstate_like_dict", '', ['PLAN.__dict__.update(axes=("i",))'], 'axes=("i",))', 'axes=("i", "j"))'),
        ("vars_update", '', ['vars(PLAN).update(axes=("i",))'], 'axes=("i",))', 'axes=("i", "j"))'),
        ("object_setattr", '', ['object.__setattr__(PLAN, "axes", ("i",))'], '"axes", ("i",))', '"axes", ("i", "j"))'),
        ("dict_item_store", '', ['vars(PLAN)["axes"] = ("i",)'], '["axes"] = ("i",)', '["axes"] = ("i", "j")')):
    axes_prog(f"reinit_{label}", f"PLAN's fields are stored anew after its construction ({label.replace('_', ' ')}).",
              PLAN + ("\n\n" + pre if pre else ""), lines + ['axes = PLAN.axes'], old, new, imports=IR)

# == script_timers.py: a timer armed while something outside the loop's ready queue (a thread, a ready socket)
#    finishes the awaited object long before the timeout ======================================================
TX = "import asyncio\nimport socket\nimport threading\n"
WAIT = '    try:\n        return await asyncio.wait_for({aw}, 30)\n    except asyncio.TimeoutError:\n        return ("i", "j")'
for label, pre, old, new in (
        ("thread_threadsafe_queue", 'async def probe():\n    loop = asyncio.get_running_loop()\n    queue = asyncio.Queue()\n    threading.Thread(target=lambda: loop.call_soon_threadsafe(queue.put_nowait, ("i",))).start()\n'
         + WAIT.format(aw="queue.get()"), 'queue.put_nowait, ("i",)', 'queue.put_nowait, ("i", "j")'),
        ("thread_timer_future", 'async def probe():\n    loop = asyncio.get_running_loop()\n    done = loop.create_future()\n    threading.Timer(0.01, loop.call_soon_threadsafe, (done.set_result, ("i",))).start()\n'
         + WAIT.format(aw="done"), '(done.set_result, ("i",))', '(done.set_result, ("i", "j"))'),
        ("thread_event", 'async def probe():\n    loop = asyncio.get_running_loop()\n    ready = asyncio.Event()\n    threading.Thread(target=lambda: loop.call_soon_threadsafe(ready.set)).start()\n'
         '    try:\n        await asyncio.wait_for(ready.wait(), 30)\n        return ("i",)\n    except asyncio.TimeoutError:\n        return ("i", "j")',
         '        return ("i",)\n    except', '        return ("i", "j")\n    except'),
        ("thread_run_coroutine_threadsafe", 'async def put(queue):\n    queue.put_nowait(("i",))\n\n\nasync def probe():\n    loop = asyncio.get_running_loop()\n    queue = asyncio.Queue()\n    threading.Thread(target=lambda: asyncio.run_coroutine_threadsafe(put(queue), loop)).start()\n'
         + WAIT.format(aw="queue.get()"), 'queue.put_nowait(("i",))', 'queue.put_nowait(("i", "j"))'),
        ("socket_reader_ready", 'async def probe():\n    loop = asyncio.get_running_loop()\n    near, far = socket.socketpair()\n    far.send(b"x")\n    done = loop.create_future()\n    loop.add_reader(near, done.set_result, ("i",))\n'
         '    try:\n        return await asyncio.wait_for(done, 30)\n    except asyncio.TimeoutError:\n        return ("i", "j")\n    finally:\n        loop.remove_reader(near)\n        near.close()\n        far.close()',
         'done.set_result, ("i",))', 'done.set_result, ("i", "j"))'),
        ("stream_readline_ready", 'async def probe():\n    near, far = socket.socketpair()\n    far.sendall(b"i\\n")\n    reader, writer = await asyncio.open_connection(sock=near)\n'
         '    try:\n        line = await asyncio.wait_for(reader.readline(), 30)\n        return (line.decode().strip(),)\n    except asyncio.TimeoutError:\n        return ("i", "j")\n    finally:\n        writer.close()\n        far.close()',
         'return (line.decode().strip(),)', 'return (line.decode().strip(), "j")'),
        ("sock_recv_ready", 'async def probe():\n    loop = asyncio.get_running_loop()\n    near, far = socket.socketpair()\n    near.setblocking(False)\n    far.send(b"i")\n'
         '    try:\n        data = await asyncio.wait_for(loop.sock_recv(near, 1), 30)\n        return (data.decode(),)\n    except asyncio.TimeoutError:\n        return ("i", "j")\n    finally:\n        near.close()\n        far.close()',
         'return (data.decode(),)', 'return (data.decode(), "j")')):
    axes_prog(f"timer_{label}", f"The awaited object is finished from outside the loop's ready queue long before the timeout ({label.replace('_', ' ')}).",
              pre, ['axes = asyncio.run(probe())'], old, new, imports=TX)

# -- members whose value the static reading's table of texts does not hold ------------------------------------------
NV = 'class Axis(str, enum.Enum):\n    @staticmethod\n    def _generate_next_value_(name, start, count, last):\n        return name\n\n    I = enum.auto()'
for label, pre, test, old, new in (
        ("next_value_call_lookup", NV, 'str(Axis("I")) != "I"', '!= "I"', '!= "Axis.I"'),
        ("next_value_name_lookup", NV, 'str(Axis["I"]) != "I"', '!= "I"', '!= "Axis.I"'),
        ("next_value_fstring", NV, 'f"{Axis.I}" != "I"', '!= "I"', '!= "Axis.I"'),
        ("next_value_list", NV, 'str(list(Axis)[0]) != "I"', '!= "I"', '!= "Axis.I"'),
        ("locals_member", 'class Axis(str, enum.Enum):\n    locals()["I"] = "i"', 'str(Axis("i")) != "i"', '!= "i"', '!= "Axis.I"'),
        ("dict_member_lookup", 'class Axis(str, enum.Enum):\n    I = "i"\n\n\nBY_VALUE = {member.value: member for member in Axis}', 'str(BY_VALUE["i"]) != "i"', '!= "i"', '!= "Axis.I"'),
        ("members_mapping", 'class Axis(str, enum.Enum):\n    I = "i"', 'str(Axis.__members__["I"]) != "i"', '!= "i"', '!= "Axis.I"'),
        ("type_dict_setattr", 'class Axis(enum.StrEnum):\n    I = "i"\n\n\ntype.__dict__["__setattr__"](Axis, "__str__", lambda self: "axis")',
         'str(Axis.I) != "i"', '!= "i"', '!= "axis"')):
    pick(f"enum_{label}", f"The text of an Enum member as Python 3.11 gives it ({label.replace('_', ' ')}).", pre, test, old, new, imports=EN)

# -- argparse: more plain methods of the file's classes that the parse runs -------------------------------------------
QUIET = 'class Quiet(argparse.ArgumentParser):\n    def {meth}:\n        sys.exit(0)\n\n\nPARSER = Quiet()\n'
for label, pre, parse, old, new in (
        ("parse_optional_override", QUIET.format(meth="_parse_optional(self, arg_string)") + 'PARSER.add_argument("--n")', '["--n", "1"]', '["--n", "1"]', '[]'),
        ("known_args_override", QUIET.format(meth="parse_known_args(self, args=None, namespace=None)"), '[]', 'parse_args([])', 'print_usage(open("/dev/null", "w"))'),
        ("get_value_override", 'class Quiet(argparse.ArgumentParser):\n    def _get_value(self, action, arg_string):\n        sys.exit(0)\n\n\nPARSER = Quiet()\nPARSER.add_argument("--n")', '["--n", "1"]', '["--n", "1"]', '[]'),
        ("formatter_add_usage", 'class Fmt(argparse.HelpFormatter):\n    def add_usage(self, usage, actions, groups, prefix=None):\n        sys.exit(0)\n\n\nPARSER = argparse.ArgumentParser(formatter_class=Fmt)\nPARSER.add_argument("--n", type=int)',
         '["--n", "x"]', '["--n", "x"]', '["--n", "4"]'),
        ("subparser_class_error", 'class Quiet(argparse.ArgumentParser):\n    def error(self, message):\n        sys.exit(0)\n\n\nPARSER = argparse.ArgumentParser()\nSUB = PARSER.add_subparsers(dest="cmd", parser_class=Quiet)\nRUN = SUB.add_parser("run")\nRUN.add_argument("--n", type=int)',
         '["run", "--n", "x"]', '"x"]', '"5"]')):
    leaves(f"parse_{label}", f"The parse runs a plain method of the file's class that ends the job ({label.replace('_', ' ')}).",
           pre, [f'PARSER.parse_args({parse})'], old, new, imports=AP)

# -- more library calls running a plain method of the file's object ------------------------------------------------
for label, pre, lines, old, new in (
        ("random_subclass_choice", 'class Rand(random.Random):\n    def random(self):\n        sys.exit(0)', ['Rand(0).choice([1, 2, 3])'], '.choice([1, 2, 3])', '.seed(1)'),
        ("sax_handler", 'class Handler(xml.sax.ContentHandler):\n    def startElement(self, name, attrs):\n        sys.exit(0)', ['xml.sax.parseString(b"<a/>", Handler())'], '", Handler())', '", xml.sax.ContentHandler())'),
        ("errstate_call_object", 'class Log:\n    def write(self, message):\n        sys.exit(0)\n\n\nLOG = Log()', ['with np.errstate(all="log", call=LOG):', '    np.float64(1.0) / np.float64(0.0)'],
         'np.float64(1.0) / np.float64(0.0)', 'np.float64(1.0) / np.float64(2.0)'),
        ("formatter_get_value", 'class Fmt(string.Formatter):\n    def get_value(self, key, args, kwargs):\n        sys.exit(0)', ['Fmt().format("{0}", 1)'], '"{0}", 1)', '"0", 1)'),
        ("mock_side_effect", 'JOB = unittest.mock.Mock(side_effect=sys.exit)', ['JOB(0)'], '    JOB(0)', '    JOB.reset_mock()'),
        ("pytree_jit_argument", 'class Box:\n    pass\n\n\njax.tree_util.register_pytree_node(Box, lambda box: sys.exit(0), lambda aux, children: Box())\nIDENTITY = jax.jit(lambda tree: tree)',
         ['IDENTITY(Box())'], 'IDENTITY(Box())', 'IDENTITY(())'),
        ("pytree_device_put", 'class Box:\n    pass\n\n\njax.tree_util.register_pytree_node(Box, lambda box: sys.exit(0), lambda aux, children: Box())',
         ['jax.device_put(Box())'], 'jax.device_put(Box())', 'jax.device_put(())'),
        ("pytree_with_keys", 'class Box:\n    pass\n\n\ndef keyed(box):\n    sys.exit(0)\n\n\njax.tree_util.register_pytree_with_keys(Box, keyed, lambda aux, children: Box())',
         ['jax.tree_util.tree_flatten_with_path(Box())'], '(Box())', '([])'),
        ("pytree_structure", 'class Box:\n    pass\n\n\njax.tree_util.register_pytree_node(Box, lambda box: sys.exit(0), lambda aux, children: Box())',
         ['jax.tree.structure([Box()])'], '[Box()]', '[]')):
    leaves(f"hook_{label}", f"A library call runs a plain method or hook of the file that ends the job ({label.replace('_', ' ')}).",
           pre, lines, old, new, imports="import random\nimport string\nimport sys\nimport unittest.mock\nimport xml.sax\n")

# -- more `__init__` reruns the exceptions of init_reruns.py let through ----------------------------------------------
for label, pre, lines, old, new in (
        ("reader_named_getsource", 'def getsource(init):\n    init(PLAN, ("i",))\n    return ""', ['getsource(Plan.__init__)'], 'init(PLAN, ("i",))', 'init(PLAN, ("i", "j"))'),
        ("reader_named_get_type_hints", 'def get_type_hints(init):\n    init(PLAN, ("i",))\n    return {}', ['get_type_hints(Plan.__init__)'], 'init(PLAN, ("i",))', 'init(PLAN, ("i", "j"))'),
        ("reader_static_method_named_signature", 'class Tools:\n    @staticmethod\n    def signature(init):\n        init(PLAN, ("i",))',
         ['Tools.signature(Plan.__init__)'], 'init(PLAN, ("i",))', 'init(PLAN, ("i", "j"))'),
        ("wrapping_def_calls_init_name", 'def wrap(cls):\n    def __init__(self, axes):\n        self.axes = axes\n    cls.__init__ = __init__\n    __init__(PLAN, ("i",))\n    return cls',
         ['wrap(Plan)'], '__init__(PLAN, ("i",))', '__init__(PLAN, ("i", "j"))'),
        ("wrapping_def_partial_later", 'def wrap(cls):\n    init = cls.__init__\n    cls.__init__ = init\n    return functools.partial(init, PLAN)',
         ['wrap(Plan)(("i",))'], 'wrap(Plan)(("i",))', 'wrap(Plan)(("i", "j"))'),
        ("subclass_rebinds_self_walrus", 'class Narrow(Plan):\n    def __init__(self, target):\n        Plan.__init__((self := target), ("i",))',
         ['Narrow(PLAN)'], 'Plan.__init__((self := target), ("i",))', 'Plan.__init__((self := target), ("i", "j"))'),
        ("subclass_rebinds_self_for", 'class Narrow(Plan):\n    def __init__(self, target):\n        for self in (target,):\n            Plan.__init__(self, ("i",))',
         ['Narrow(PLAN)'], 'Plan.__init__(self, ("i",))', 'Plan.__init__(self, ("i", "j"))')):
    axes_prog(f"reinit_{label}", f"PLAN's fields are stored anew after its construction ({label.replace('_', ' ')}).",
              PLAN + "\n\n" + pre, lines + ['axes = PLAN.axes'], old, new, imports=IR)

# -- more library callbacks of plain methods / named hooks ---------------------------------------------------------------
for label, pre, lines, old, new in (
        ("pickler_persistent_id", 'class Pick(pickle.Pickler):\n    def persistent_id(self, obj):\n        sys.exit(0)', ['Pick(io.BytesIO()).dump([1])'], 'Pick(io.BytesIO())', 'pickle.Pickler(io.BytesIO())'),
        ("unpickler_find_class", 'class Unpick(pickle.Unpickler):\n    def find_class(self, module, name):\n        sys.exit(0)\n\n\nDATA = pickle.dumps(collections.OrderedDict())',
         ['Unpick(io.BytesIO(DATA)).load()'], 'Unpick(io.BytesIO(DATA))', 'pickle.Unpickler(io.BytesIO(DATA))'),
        ("interpolation_before_get", 'class Interp(configparser.Interpolation):\n    def before_get(self, parser, section, option, value, defaults):\n        sys.exit(0)\n\n\nCONFIG = configparser.ConfigParser(interpolation=Interp())\nCONFIG.read_string("[a]\\nk = 1\\n")',
         ['CONFIG.get("a", "k")'], 'CONFIG.get("a", "k")', 'CONFIG.has_option("a", "k")'),
        ("logger_adapter_process", 'class Tagged(logging.LoggerAdapter):\n    def process(self, msg, kwargs):\n        sys.exit(0)\n\n\nLOG = Tagged(logging.getLogger("adv27.tagged"), {})',
         ['LOG.critical("done")'], 'LOG.critical("done")', 'LOG.isEnabledFor(1)'),
        ("node_transformer", 'class Rewrite(ast.NodeTransformer):\n    def visit_Constant(self, node):\n        sys.exit(0)', ['Rewrite().visit(ast.parse("1"))'], 'ast.parse("1")', 'ast.parse("x")'),
        ("dictwriter_sink", 'class Sink:\n    def write(self, text):\n        sys.exit(0)', ['csv.DictWriter(Sink(), ["a"]).writeheader()'], 'csv.DictWriter(Sink(), ["a"])', 'csv.DictWriter(io.StringIO(), ["a"])'),
        ("pytree_unflatten_hook", 'class Box:\n    pass\n\n\ndef rebuild(aux, children):\n    sys.exit(0)\n\n\njax.tree_util.register_pytree_node(Box, lambda box: ((), None), rebuild)',
         ['jax.tree.map(lambda leaf: leaf, Box())'], 'Box())', '[])')):
    leaves(f"hook_{label}", f"A library call runs a plain method or hook of the file that ends the job ({label.replace('_', ' ')}).",
           pre, lines, old, new, imports="import ast\nimport collections\nimport configparser\nimport csv\nimport io\nimport logging\nimport pickle\nimport sys\n")
