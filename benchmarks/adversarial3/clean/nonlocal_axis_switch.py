"""A training entry point whose nested 'fold_model_axis' callback rebinds the gather axis (nonlocal)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(w, batch_axis="data", gather_axis="model", fold=True):
    mesh = jax.make_mesh((2, 4), (batch_axis, gather_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(batch_axis)))

    def fold_model_axis():
        nonlocal gather_axis
        gather_axis = batch_axis

    if fold:
        fold_model_axis()

    def step(w):
        return jnp.cos(jax.lax.all_gather(w, gather_axis, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(batch_axis), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
