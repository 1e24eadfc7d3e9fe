"""Dump every operator of a built AMG hierarchy to the host for inspection."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PLACEMENT = {
    "A0": P(("fine", "vec"), None),
    "P1": P(("fine", "vec"), None),
    "A1": P("fine", None),
}
DUMP = {
    "A0": P(None, None, reduced={"fine", "vec"}),
    "P1": P("vec", None, reduced={"fine"}),
    "A1": P(None, None, reduced={"fine"}),
}


def build_hierarchy(n=16):
    a0 = (np.diag(np.full(n, 2.0)) - np.diag(np.ones(n - 1), 1) - np.diag(np.ones(n - 1), -1)).astype(np.float32)
    p1 = np.kron(np.eye(n // 2), np.ones((2, 1))).astype(np.float32)
    a1 = (p1.T @ a0 @ p1).astype(np.float32)
    return {"A0": a0, "P1": p1, "A1": a1}


def inputs():
    return (build_hierarchy(),)


def main(ops):
    mesh = jax.make_mesh((4, 2), ("fine", "vec"))
    dumped = {}
    with jax.set_mesh(mesh):
        placed = {name: jax.device_put(op, NamedSharding(mesh, PLACEMENT[name])) for name, op in ops.items()}
        for name, op in placed.items():
            dumped[name] = top_level_all_gather(op, DUMP[name])
    return {name: np.asarray(v) for name, v in dumped.items()}


if __name__ == "__main__":
    main(*inputs())
