"""CTR model: gather stages for the sparse embedding lookups before the interaction.

The gather plan is a list of stages "gather:<axes>" joined by "|"; axes joined by ",".
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = "2x4:dp,tp"
GATHER_PLAN = "lookup|gather:tp|gather:dp,tp"


def parse_mesh(text):
    shape, axes = text.split(":")
    a, b = shape.split("x")
    return jax.make_mesh((int(a), int(b)), tuple(axes.split(",")))


def lookup(x, table, arg):
    ids = jnp.clip(x.astype(jnp.int32), 0, table.shape[0] - 1)
    return jnp.take(table, ids[:, 0], axis=0)


def gather(x, table, arg):
    axes = tuple(arg.split(","))
    dim = 1 if axes == ("tp",) else 0
    return jax.lax.all_gather(x, axes if len(axes) > 1 else axes[0], axis=dim, tiled=True, to="reduced")


STAGES = {"lookup": lookup, "gather": gather}


def body(ids, table):
    x = ids
    for step in GATHER_PLAN.split("|"):
        op, _, arg = step.partition(":")
        x = STAGES[op](x, table, arg)
    return x


def inputs():
    rng = np.random.default_rng(11)
    ids = rng.integers(0, 32, size=(16, 1)).astype(np.float32)
    table = rng.normal(size=(32, 8)).astype(np.float32)
    return ids, table


def main(ids, table):
    mesh = parse_mesh(MESH)
    ids = jax.device_put(ids, NamedSharding(mesh, P("dp", None)))
    table = jax.device_put(table, NamedSharding(mesh, P(None, "tp")))
    emb = jax.shard_map(body, mesh=mesh, in_specs=(P("dp", None), P(None, "tp")),
                        out_specs=P(None, None, reduced={"dp", "tp"}))(ids, table)
    print("embeddings", emb.shape)
    return emb


if __name__ == "__main__":
    main(*inputs())
