"""A metrics hook converts rank-0 arrays to floats (`float(v) if hasattr(v, "shape") and not
v.shape else v`); the loss it is handed is already `float(...)`, a Python number without `shape`,
so the hook passes it on and the job goes on to the psum over ("data", "model") of a value
varying on "data" only, which raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def report(metrics):
    return {k: (float(v) if hasattr(v, "shape") and not v.shape else v) for k, v in metrics.items()}


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    logged = report({"loss": float(jnp.mean(x)), "axes": ("data", "model")})
    return jax.shard_map(make_body(logged["axes"]), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
