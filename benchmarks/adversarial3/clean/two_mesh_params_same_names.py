"""Entry point given a model mesh and an optimizer mesh; both call their first axis 'data'."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((2, 4), ("data", "model")), jax.make_mesh((8,), ("data",)), np.ones((8, 4), np.float32)


def main(model_mesh, opt_mesh, w):
    spec = P(opt_mesh.axis_names[0])
    w = jax.device_put(w, NamedSharding(opt_mesh, spec))

    def update(w):
        full = jax.lax.all_gather(w, model_mesh.axis_names[0], to="reduced", tiled=True)
        return jnp.tanh(full)

    out = jax.shard_map(update, mesh=opt_mesh, in_specs=spec, out_specs=P(None, reduced={opt_mesh.axis_names[0]}))(w)
    return float(np.asarray(out).sum())
