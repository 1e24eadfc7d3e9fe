"""Specs built per feature over `example.items()`, the P written in the comprehension itself from a
layout table: the mask is not sharded over 'i', so its gather to reduced over 'i' raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {"msa": ("i", "j"), "mask": (None, "j")}


def body(protein):
    mask = jax.lax.all_gather(protein["mask"], "i", axis=0, tiled=True, to="reduced")  # SF101
    return mask.sum(axis=0, keepdims=True)


def main(np_example):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    specs = {name: P(*LAYOUTS[name]) for name, _ in np_example.items()}
    features = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in np_example.items()}
    fn = jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P(None, "j", reduced={"i"}))
    return fn(features)


def inputs():
    rng = np.random.default_rng(0)
    np_example = {"msa": rng.normal(size=(8, 8)).astype(np.float32), "mask": np.ones((8, 8), np.float32)}
    return (np_example,)


if __name__ == "__main__":
    main(*inputs())
