"""Risk model validation: bias statistic of standardised factor returns."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def bias_statistic(mesh):
    factor_axis, day_axis = mesh.axis_names

    def body(z):
        per_day = jax.lax.psum(jnp.sum(z ** 2, axis=0), factor_axis)
        return jax.lax.pmean(jnp.mean(per_day), mesh.axis_names)

    return body


def inputs():
    rng = np.random.default_rng(2)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(z):
    mesh = jax.make_mesh((2, 4), ("factors", "days"))
    z = jax.device_put(z, NamedSharding(mesh, P("factors", "days")))
    fn = jax.shard_map(bias_statistic(mesh), mesh=mesh, in_specs=P("factors", "days"), out_specs=P())
    return fn(z)


if __name__ == "__main__":
    print(main(*inputs()))
