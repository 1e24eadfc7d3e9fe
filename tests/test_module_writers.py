"""module_writers.may_write_state: which module functions an importer could call to change what a
library module's entry `main` reads (each writer below runs clean on JAX in its form nlib4-nlib19
once called before `main`)."""
from __future__ import annotations

import ast
import textwrap

import pytest

from codemods.analysis.module_writers import may_write_state

MAIN = """
def main():
    return AXIS
"""

WRITERS = {
    "item store": "AXIS = ['data']\ndef use(n):\n    AXIS[0] = n\n",
    "global": "AXIS = 'data'\ndef use(n):\n    global AXIS\n    AXIS = n\n",
    "mutating method": "AXIS = {}\ndef use(**kw):\n    AXIS.update(kw)\n",
    "generator advanced": "import numpy as np\nAXIS = np.random.default_rng(0)\ndef noise():\n    return AXIS.normal()\n",
    "alias local": "AXIS = ['data']\ndef use(n):\n    axes = AXIS\n    axes[0] = n\n",
    "loop variable": "AXIS = [{'a': 1}]\ndef use(n):\n    for row in AXIS:\n        row['a'] = n\n",
    "class attribute": "class C:\n    A = 'data'\nAXIS = C\ndef use(n):\n    C.A = n\n",
    "classmethod": "class C:\n    A = 'data'\n    @classmethod\n    def use(cls, n):\n        cls.A = n\nAXIS = C\n",
    "module instance": "class O:\n    def __init__(self):\n        self.a = 1\n    def use(self, n):\n        self.a = n\nAXIS = O()\n",
    "globals": "AXIS = 'data'\ndef use(n):\n    globals()['AXIS'] = n\n",
    "setattr on the module": "import sys\nAXIS = 'data'\ndef use(n):\n    setattr(sys.modules[__name__], 'AXIS', n)\n",
    "exec": "AXIS = 'data'\ndef use(n):\n    exec('AXIS = n')\n",
    "init_subclass": "AXIS = {}\nclass Base:\n    def __init_subclass__(cls):\n        AXIS[cls.__name__] = cls\n",
    "helper writing its parameter": "AXIS = {}\ndef bind(t, k, v):\n    t[k] = v\ndef use(n):\n    bind(AXIS, 'a', n)\n",
    "default parameter": "AXIS = {}\ndef use(n, table=AXIS):\n    table['a'] = n\n",
    "bound method handed out": "AXIS = ['data']\nuse = AXIS.append\n",
    "setattr handed out": "import functools\nAXIS = {}\nuse = functools.partial(setattr, AXIS, 'a')\n",
    "class-level list": "class G:\n    axes = ['data']\n    def use(self, n):\n        self.axes.append(n)\nAXIS = 1\n",
    "nested function of a method": (
        "class R:\n    def __init__(self):\n        self.t = {}\n    def register(self, name):\n"
        "        def wrap(c):\n            self.t[name] = c\n            return c\n        return wrap\nAXIS = R()\n"),
    "operator.setitem": "import operator\nAXIS = ['data']\ndef use(n):\n    operator.setitem(AXIS, 0, n)\n",
    "method of the builtin type": "AXIS = {}\ndef use(n):\n    dict.update(AXIS, a=n)\n",
    "method called by name": "AXIS = ['data']\ndef use(n):\n    getattr(AXIS, 'append')(n)\n",
    "imported in the function": "import os\nAXIS = os.environ\ndef use(n):\n    import os as here\n    here.environ['A'] = n\n",
    "class through type(self)": "class C:\n    A = 'data'\n    def use(self, n):\n        type(self).A = n\nAXIS = 1\n",
    "class through __class__": "class C:\n    A = 'data'\n    def use(self, n):\n        self.__class__.A = n\nAXIS = 1\n",
    "super's setattr on a module instance": (
        "class O:\n    def use(self, n):\n        super().__setattr__('a', n)\nAXIS = O()\n"),
    "result of a module function": "T = {}\ndef table():\n    return T\ndef use(n):\n    table()['a'] = n\nAXIS = 1\n",
}

READERS = {
    "own container": "AXIS = 1\ndef f(n):\n    rows = {}\n    rows['a'] = n\n    rows.update(b=n)\n    return rows\n",
    "caller's object": "AXIS = 1\ndef f(table, n):\n    table['a'] = n\n",
    "init on self": "class C:\n    def __init__(self, n):\n        self.n = n\n        setattr(self, 'm', n)\nAXIS = 1\n",
    "method on self of instances the importer makes": (
        "class C:\n    def __init__(self):\n        self.n = 0\n    def step(self):\n        self.n += 1\n"
        "AXIS = 1\n"),
    "library calls": "import jax.numpy as jnp\nimport re\nPAT = re.compile('a')\nAXIS = 1\n"
                     "def f(x):\n    m = PAT.fullmatch('a')\n    return jnp.dot(x, x), m.group(0)\n",
    "super init": "class B:\n    def __init__(self):\n        self.n = 0\nclass C(B):\n    def __init__(self):\n"
                  "        super().__init__()\nAXIS = 1\n",
    "new object from the caller's": (
        "AXIS = 1\ndef skeleton(m):\n    new = object.__new__(type(m))\n    vars(new)['a'] = 1\n    return new\n"
        "def merge(m):\n    s = skeleton(m)\n    getattr(s, 'a').value = 2\n"),
}


def _tree(text: str) -> tuple[ast.Module, ast.FunctionDef]:
    tree = ast.parse(textwrap.dedent(text) + MAIN)
    return tree, tree.body[-1]


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_writer_found(name: str) -> None:
    assert may_write_state(*_tree(WRITERS[name]))


@pytest.mark.parametrize("name", sorted(READERS))
def test_no_writer(name: str) -> None:
    assert not may_write_state(*_tree(READERS[name]))


def test_the_entry_may_write() -> None:
    """The entry's own writes (and its nested functions') run inside the call the run models."""
    tree = ast.parse("AXIS = ['data']\ndef main():\n    def use():\n        AXIS[0] = 'model'\n    use()\n"
                     "    AXIS.append('x')\n    return AXIS\n")
    assert not may_write_state(tree, tree.body[-1])
