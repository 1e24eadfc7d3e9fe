"""Risk model validation: bias statistic pooled over the mesh without a partial sum."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def bias_statistic(mesh):
    def body(z):
        per_day = jnp.sum(z ** 2, axis=0)
        return jax.lax.pmean(jnp.mean(per_day), mesh.axis_names)

    return body


def inputs():
    rng = np.random.default_rng(2)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(z):
    mesh = jax.make_mesh((2, 4), ("factors", "days"))
    z = jax.device_put(z, NamedSharding(mesh, P("factors", "days")))
    return jax.shard_map(bias_statistic(mesh), mesh=mesh, in_specs=P("factors", "days"), out_specs=P())(z)


if __name__ == "__main__":
    print(main(*inputs()))
