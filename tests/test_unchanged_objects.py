"""unchanged_objects.unchanged_object: a table is proved unchanged only when no path of the module
may change it in place (each changed case below is a way the object travels without `=`)."""
import ast
import textwrap

import pytest

from codemods.analysis.unchanged_objects import unchanged_item, unchanged_object


def _read(source: str, expr: str) -> bool:
    tree = ast.parse(textwrap.dedent(source))
    return unchanged_object(tree, ast.parse(expr, mode="eval").body)


UNCHANGED = [
    # the module's own method, through `self`, only reads it
    ("AXES = {'a': 'i'}\nclass A:\n    def show(self, t):\n        return t['a']\n    def run(self):\n"
     "        return self.show(AXES)\n", "AXES"),
    # another dict is changed; AXES only travels through a default and a field
    ("AXES = {'a': 'i'}\nclass A:\n    def __init__(self, axes=AXES):\n        self.axes = axes\n"
     "def main():\n    stats = {}\n    stats['n'] = 1\n    return A().axes['a']\n", "AXES"),
    # a builder's change to its own new copy, before anything else holds it (built_tables.py)
    ("BASE = {'axes': {'a': 'i'}}\ndef get(**o):\n    c = dict(BASE)\n    c.update(o)\n    c['n'] = 1\n"
     "    return c\ncfg = get()\n", "BASE"),
    # JAX and NumPy calls keep nothing of what they are given: their arrays changed in place
    ("import numpy as np\nimport jax\nAXES = {'a': 'i'}\narr = np.asarray(list(AXES))\narr[0] = 'j'\n"
     "spec = jax.sharding.PartitionSpec(*AXES.values())\n", "AXES"),
]

CHANGED = [
    # through the field the default reaches
    ("AXES = {'a': 'i'}\nclass A:\n    def __init__(self, axes=AXES):\n        self.axes = axes\n"
     "def main(a):\n    a.axes['a'] = 'j'\n", "AXES"),
    # through what a helper returns
    ("AXES = {'a': 'i'}\ndef get():\n    return AXES\nt = get()\nt['a'] = 'j'\n", "AXES"),
    # through a parameter of a partial
    ("import functools\nAXES = {'a': 'i'}\ndef g(t):\n    t.clear()\nh = functools.partial(g, AXES)\n", "AXES"),
    # a bound mutator kept and called later
    ("AXES = {'a': 'i'}\nmerge = AXES.update\nmerge({'a': 'j'})\n", "AXES"),
    # the function form of an item store
    ("import operator\nAXES = {'a': 'i'}\noperator.setitem(AXES, 'a', 'j')\n", "AXES"),
    # an item of a shallow copy is the original's item
    ("BASE = {'rules': ['i']}\ncfg = dict(BASE)\ncfg['rules'].append('j')\n", "BASE"),
    # handed to code outside the module
    ("import random\nAXES = ['i', 'j']\nrandom.shuffle(AXES)\n", "AXES"),
    # a callable held by a name, from outside the module
    ("import random\nAXES = ['i', 'j']\nfn = random.shuffle\nfn(AXES)\n", "AXES"),
    # a dict subclass keeps the items it is given
    ("AXES = {'a': {'b': 'i'}}\nclass C(dict):\n    pass\nc = C(AXES)\nc['a']['b'] = 'j'\n", "AXES"),
    # the copy shares BASE's items: a change below its top level changes BASE's
    ("BASE = {'axes': {'a': 'i'}}\ndef get():\n    c = dict(BASE)\n    c['axes']['a'] = 'j'\n    return c\n", "BASE"),
    # the copy was handed on before the change
    ("BASE = {'axes': {'a': 'i'}}\nSEEN = []\ndef get(**o):\n    c = dict(BASE)\n    SEEN.append(c)\n"
     "    c.update(o)\n    return c\n", "BASE"),
    # a parameter's table is no new copy
    ("BASE = {'axes': {'a': 'i'}}\ndef tune(c, **o):\n    c.update(o)\ntune(BASE)\n", "BASE"),
    # an outside object's method named like a module function may change what it is handed
    ("import registry_lib\nAXES = {'a': 'i'}\ndef register(t):\n    return t\nregistry = registry_lib.Registry()\n"
     "registry.register(AXES)\n", "AXES"),
    # `globals()` reaches any name
    ("AXES = {'a': 'i'}\nglobals()['AXES']['a'] = 'j'\n", "AXES"),
]


@pytest.mark.parametrize("source, expr", UNCHANGED)
def test_unchanged(source, expr):
    assert _read(source, expr)


@pytest.mark.parametrize("source, expr", CHANGED)
def test_changed(source, expr):
    assert not _read(source, expr)


def test_returned_items_apart():
    """`return CFG, batch`: the batch changed in place says nothing of CFG, item by item."""
    tree = ast.parse("CFG = {'a': 'i'}\ndef inputs():\n    batch = [0]\n    return CFG, batch\n"
                     "def main(cfg, batch):\n    batch[0] = 1\nmain(*inputs())\n")
    call = ast.parse("inputs()", mode="eval").body
    assert unchanged_item(tree, call, 0)
    assert not unchanged_item(tree, call, 1)
