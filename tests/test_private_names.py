"""Private names are mangled exactly as Python compiles them (checked against Python itself)."""
import ast

from codemods.private_names import mangle_private_names

SOURCE = '''
class Base:
    __AXES = ("i",)
    ___TRIPLE = 3
    __dunder__ = 4

    @classmethod
    def axes(cls, __scale=1):
        return cls.__AXES

    def build(self):
        class __Inner:
            __rows = 1
        return __Inner


class ___:
    __kept = 5


class _Wide(Base):
    __AXES = ("i", "j")
    SYNC = [__a for __a in range(2)]


def outside():
    return Base.__dict__
'''


def _stored(tree: ast.AST) -> set[str]:
    """Every class-level assignment target, as `Class.name` (nested classes too)."""
    found = set()
    for node in ast.walk(tree):
        if type(node) is ast.ClassDef:
            for stmt in node.body:
                for target in getattr(stmt, "targets", ()):
                    if type(target) is ast.Name:
                        found.add(f"{node.name}.{target.id}")
    return found


def test_class_attributes_are_the_ones_python_makes():
    namespace: dict = {}
    exec(compile(SOURCE, "<form>", "exec"), namespace)
    inner = namespace["Base"]().build()
    made = {f"{cls.__name__}.{name}" for cls in (namespace["Base"], namespace["___"], namespace["_Wide"], inner)
            for name in vars(cls) if not (name.startswith("__") and name.endswith("__")) and name not in {"axes", "build"}}
    made |= {"Base.__dunder__"}
    tree = mangle_private_names(ast.parse(SOURCE))
    stored = {item.replace("_Base__Inner.", "__Inner.") for item in _stored(tree)}
    assert stored == made


def test_methods_read_the_mangled_name_and_the_pass_is_idempotent():
    tree = mangle_private_names(ast.parse(SOURCE))
    once = ast.dump(tree)
    assert "cls._Base__AXES" in ast.unparse(tree)
    assert "_Base__scale=1" in ast.unparse(tree)
    assert "return Base.__dict__" in ast.unparse(tree)  # outside every class: unchanged
    assert ast.dump(mangle_private_names(tree)) == once


def test_a_fix_in_a_class_with_private_names_is_offered_and_applied():
    from codemods.engine import Options, process_source

    source = '''import jax
from jax.sharding import PartitionSpec as P


class Step:
    __axis = "j"

    def __call__(self, mesh, x):
        def body(block):
            return jax.lax.pcast(block, self.__axis, to="varying") * 2.0

        return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
'''
    result = process_source(source, "m.py", Options(target=(0, 10, 2)), fix=True)
    assert "            return block * 2.0\n" in result.output  # the cast of an already varying value, removed
    assert result.output.replace("            return block * 2.0\n", "") == source.replace(
        '            return jax.lax.pcast(block, self.__axis, to="varying") * 2.0\n', "")
