"""AlphaFold-style script: `inputs()` builds the example dict, `main(*inputs())` builds one spec
per key of it with a comprehension and places each feature; the body gathers a feature not
sharded over 'i' to reduced over 'i'."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {"msa": ("i", "j"), "mask": (None, "j")}


def feature_spec(name):
    return P(*LAYOUTS[name])


def body(protein):
    mask = jax.lax.all_gather(protein["mask"], "i", axis=0, tiled=True, to="reduced")  # SF101
    return mask.sum(axis=0, keepdims=True)


def main(np_example):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
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
