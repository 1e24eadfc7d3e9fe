"""Specs built per feature over `example.items()` that also read each array (`arr.ndim`): the
comprehension is not read key by key, and the gathered mask is laid out over 'i' here (correct)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {"msa": ("i", "j"), "mask": ("i", None)}


def body(protein):
    mask = jax.lax.all_gather(protein["mask"], "i", axis=0, tiled=True, to="reduced")
    return mask.sum(axis=0, keepdims=True)


def main(np_example):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    specs = {name: P(*LAYOUTS[name]) if arr.ndim == 2 else P() for name, arr in np_example.items()}
    features = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in np_example.items()}
    fn = jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P(None, None, reduced={"i"}))
    return fn(features)


def inputs():
    rng = np.random.default_rng(0)
    np_example = {"msa": rng.normal(size=(8, 8)).astype(np.float32), "mask": np.ones((8, 8), np.float32)}
    return (np_example,)


if __name__ == "__main__":
    main(*inputs())
