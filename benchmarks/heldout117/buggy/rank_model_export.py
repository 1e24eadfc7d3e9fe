"""Learning to rank: export the document-tower weights with the serving layout.

The serving layout is written einsum-style ("fh->f"): the contracted letter is
gathered and the result kept replicated along it.
"""
import configparser

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

INI = """
[mesh]
shape = 2x4
names = queries,docs

[letters]
f = queries
h = docs

[export]
train_layout = fh
serve_layout = f-
"""


def spec(letters_text, table):
    return P(*(None if c == "-" else table[c] for c in letters_text))


class Exporter:
    def __init__(self, cp):
        self.table = dict(cp["letters"])
        self.train = spec(cp["export"]["train_layout"], self.table)
        self.serve = spec(cp["export"]["serve_layout"], self.table)

    def __call__(self, w):
        return top_level_all_gather(w, self.serve)


def inputs():
    return (np.linspace(-1.0, 1.0, 16 * 8, dtype=np.float32).reshape(16, 8),)


def main(w):
    cp = configparser.ConfigParser()
    cp.read_string(INI)
    mesh = jax.make_mesh(tuple(int(s) for s in cp["mesh"]["shape"].split("x")),
                         tuple(cp["mesh"]["names"].split(",")))
    exporter = Exporter(cp)
    with jax.set_mesh(mesh):
        w = jax.device_put(w, NamedSharding(mesh, exporter.train))
        w = jax.jit(lambda a: a * 0.5)(w)
        served = exporter(w)
        print(jax.typeof(served))
    return served


if __name__ == "__main__":
    main(*inputs())
