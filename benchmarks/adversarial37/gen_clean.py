"""Writes clean/*.py and twins/*.py (run by the adversarial37 helper; kept so the set can be re-made by hand).

    python3 benchmarks/adversarial37/gen_clean.py

Each entry: name -> (docstring, body, twin_old, twin_new, rule). The twin is the clean program with
twin_old (which must occur exactly once) replaced by twin_new: one line changes, and jax raises there.
"""
import pathlib

HEAD = 'import jax\nimport jax.numpy as jnp\nimport numpy as np\nfrom jax.sharding import PartitionSpec as P\n'
TAIL = '''

def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
'''
P = {}

MAIN = '''

def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
'''

REDUCE = '''

def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
'''


def probe(name, doc, lines, old, new, rule="SF105"):
    """A body: `block` varies on i and j; `rows` varies on i only; `total` is invariant on both."""
    text = ('\n\ndef body(block):\n    rows = jax.lax.psum(block, "j")\n    total = jax.lax.psum(block, ("i", "j"))\n'
            + "".join(f"    {line}\n" for line in lines) + MAIN)
    P[name] = (f'"""{doc}"""', text, old, new, rule)


def prog(name, doc, text, old, new, rule="SF105", imports=""):
    """A whole program: `@REDUCE@` is reduce_rows(mesh, x, axes) (psum of a value varying on i only)."""
    P[name] = (f'"""{doc}"""', imports + text.replace("@REDUCE@", REDUCE), old, new, rule)


exec(open(pathlib.Path(__file__).resolve().parent / "entries.py").read())


def write():
    base = pathlib.Path(__file__).resolve().parent
    (base / "clean").mkdir(exist_ok=True)
    (base / "twins").mkdir(exist_ok=True)
    edits = {}
    for name, (doc, body, old, new, rule) in P.items():
        future = ""
        if body.startswith("from __future__"):
            future, body = body.split("\n", 1)
            future += "\n"
        text = doc + "\n" + future + HEAD + body.rstrip("\n") + "\n" + TAIL
        assert text.count(old) == 1, (name, old)
        twin = text.replace(old, new)
        a, b = text.splitlines(), twin.splitlines()
        assert len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1, name
        (base / "clean" / f"{name}.py").write_text(text)
        (base / "twins" / f"{name}.py").write_text(twin)
        edits[name] = rule
    return edits


if __name__ == "__main__":
    print(len(write()), "programs")
