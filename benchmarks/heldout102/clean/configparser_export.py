"""Export sharding from an INI file with configparser; the gathered spec keeps 'model'."""
import configparser

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

INI = """
[mesh]
shape = 4,2
axes = data,model

[export.w_in]
placed = data,model
gathered = -,model
reduced = data
"""


def spec(text, reduced=""):
    entries = [None if a == "-" else a for a in text.split(",")]
    return P(*entries, reduced=frozenset(filter(None, reduced.split(","))))


def main(w):
    cfg = configparser.ConfigParser()
    cfg.read_string(INI)
    mesh = jax.make_mesh(tuple(int(n) for n in cfg["mesh"]["shape"].split(",")),
                         tuple(cfg["mesh"]["axes"].split(",")))
    section = cfg["export.w_in"]
    with jax.set_mesh(mesh):
        w = jax.device_put(w, NamedSharding(mesh, spec(section["placed"])))
        return top_level_all_gather(w, spec(section["gathered"], section["reduced"]))


def inputs():
    return (np.random.default_rng(110).normal(size=(8, 8)).astype(np.float32),)


if __name__ == "__main__":
    main(*inputs())
