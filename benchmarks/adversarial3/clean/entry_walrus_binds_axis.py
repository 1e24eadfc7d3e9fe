"""Entry point: any() with a walrus finds the sharded axis; the walrus rebinds the parameter."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((1, 8), ("pipe", "fsdp")), np.arange(64, dtype=np.float32).reshape(16, 4), "pipe"


def main(mesh, w, shard_axis):
    spec = P(mesh.axis_names[-1])
    w = jax.device_put(w, NamedSharding(mesh, spec))
    if not any(mesh.shape[(shard_axis := name)] > 1 for name in mesh.axis_names):
        raise ValueError("nothing to gather")

    def body(w):
        return jnp.sin(jax.lax.all_gather(w, shard_axis, to="reduced", tiled=True))

    out = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={mesh.axis_names[-1]}))(w)
    return float(np.asarray(out).sum())
