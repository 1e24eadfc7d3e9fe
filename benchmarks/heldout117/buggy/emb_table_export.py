"""Two-tower retrieval: export the item embedding table for serving.

Row layouts are written "axis+axis,-"; the serving layout comes from the
export profile, whose reduced axes are written after a pipe.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = "data=4,model=2"
TABLE_LAYOUT = "data+model,-"
EXPORT_PROFILES = {
    "training": "data+model,-",
    "serving": "model,-|data",
}


def parse_mesh(text):
    found = re.findall(r"(\w+)=(\d+)", text)
    return jax.make_mesh(tuple(int(n) for _, n in found), tuple(a for a, _ in found))


def parse_layout(text):
    spec_part, _, reduced_part = text.partition("|")
    dims = []
    for tok in spec_part.split(","):
        if tok == "-":
            dims.append(None)
        elif "+" in tok:
            dims.append(tuple(tok.split("+")))
        else:
            dims.append(tok)
    reduced = {a for a in reduced_part.split("+") if a}
    return P(*dims, reduced=reduced) if reduced else P(*dims)


def export_table(table, profile):
    return top_level_all_gather(table, parse_layout(EXPORT_PROFILES[profile]))


def inputs():
    return (np.arange(64 * 8, dtype=np.float32).reshape(64, 8) / 100.0,)


def main(table):
    mesh = parse_mesh(MESH)
    with jax.set_mesh(mesh):
        table = jax.device_put(table, NamedSharding(mesh, parse_layout(TABLE_LAYOUT)))
        table = jax.jit(lambda t: t / jnp.linalg.norm(t, axis=1, keepdims=True))(table)
        served = export_table(table, "serving")
        print("served", jax.typeof(served))
    return served


if __name__ == "__main__":
    main(*inputs())
