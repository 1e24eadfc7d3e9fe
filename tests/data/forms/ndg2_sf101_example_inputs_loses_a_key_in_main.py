"""The example dict `inputs()` returns loses its mask in `main` before the specs are built from
its keys, so the body's loop over every feature gathers only the one sharded over 'i' (correct
code: the keys written in `inputs()` are not those the body gets)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {"msa": ("i", "j"), "mask": (None, "j")}


def feature_spec(name):
    return P(*LAYOUTS[name])


def body(protein):
    rows = [jax.lax.all_gather(protein[name], "i", axis=0, tiled=True, to="reduced") for name in protein]
    return rows[0].sum(axis=0, keepdims=True)


def main(np_example):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    np_example.pop("mask")
    specs = {k: feature_spec(k) for k in np_example}
    features = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in np_example.items()}
    fn = jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P(None, "j", reduced={"i"}))
    return fn(features)


def inputs():
    rng = np.random.default_rng(0)
    np_example = {"msa": rng.normal(size=(8, 8)).astype(np.float32), "mask": np.ones((8, 8), np.float32)}
    return (np_example,)


if __name__ == "__main__":
    main(*inputs())
