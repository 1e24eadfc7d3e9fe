"""A LoRA layer registered with `register_pytree_with_keys` (near miss of si1): the in_specs
looked up by key path shard the adapter `a` over "i", so gathering it to reduced over "i"
runs; the keys decide."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Lora:
    def __init__(self, kernel, a):
        self.kernel = kernel
        self.a = a


def _flatten(m):
    keys = ("kernel", "a")
    return [(jax.tree_util.GetAttrKey(k), getattr(m, k)) for k in keys], None


jax.tree_util.register_pytree_with_keys(Lora, _flatten, lambda _, children: Lora(*children))

SPECS = {"kernel": P(), "a": P("i")}


def spec_of(path, leaf):
    return SPECS[jax.tree_util.keystr(path, simple=True)]


def body(m):
    full = jax.lax.all_gather(m.a, "i", axis=0, to="reduced", tiled=True)
    return m.kernel, full


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.ones((8, 8), np.float32)
    specs = jax.tree_util.tree_map_with_path(spec_of, Lora(x, x))
    m = Lora(jax.device_put(x, NamedSharding(mesh, specs.kernel)), jax.device_put(x, NamedSharding(mesh, specs.a)))
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=(P(), P(reduced={"i"})))(m)


if __name__ == "__main__":
    main()
