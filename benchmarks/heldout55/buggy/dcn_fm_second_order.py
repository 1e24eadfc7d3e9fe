"""FM second-order term 0.5 * ((sum v)^2 - sum v^2), averaged for logging."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = dict(batch="data", fields="feature")


def fm_interaction(v, batch, fields):
    summed = jax.lax.psum(v.sum(axis=1), fields)
    squares = jax.lax.psum((v ** 2).sum(axis=1), fields)
    return 0.5 * (summed ** 2 - squares).sum(axis=-1)


def fm_log_body(v, batch, fields):
    interaction = fm_interaction(v, batch, fields)
    return jax.lax.pmean(interaction.mean(), axis_name=(batch, fields))


def inputs():
    return (np.random.default_rng(34).normal(size=(16, 8, 4)).astype(np.float32),)


def main(v):
    mesh = jax.make_mesh((2, 4), tuple(AXES.values()))
    spec = P(AXES["batch"], AXES["fields"], None)
    v = jax.device_put(v, NamedSharding(mesh, spec))
    f = jax.shard_map(lambda x: fm_log_body(x, **AXES), mesh=mesh, in_specs=spec, out_specs=P())
    return f(v)


if __name__ == "__main__":
    main(*inputs())
