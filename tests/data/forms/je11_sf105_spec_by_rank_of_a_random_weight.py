"""Weights drawn by `jax.random.normal(key, shape)` have the rank of their shape: the 2-D weight
gets P("i", None) by its ndim, and the psum over ("i", "j") of a value varying on "i" and
invariant on "j" raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def spec_for(w):
    return P("i", None) if w.ndim == 2 else P()


def body(w):
    return jax.lax.psum(w, ("i", "j"))  # SF105


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    w = jax.random.normal(jax.random.key(0), (8, 4)) / np.sqrt(8)
    spec = spec_for(w)
    w = jax.device_put(w, NamedSharding(mesh, spec))
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(w)


if __name__ == "__main__":
    main()
