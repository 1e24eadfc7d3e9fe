"""Filter consistency: normalised innovation squared averaged over sensors and state blocks."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def nis(nu, s_diag):
    return (nu * nu / s_diag).sum(axis=-1)


def consistency(nu, s_diag, *, axes):
    per_sensor = nis(nu, s_diag).mean()
    return jax.lax.pmean(per_sensor, axis_name=axes)


def inputs():
    rng = np.random.default_rng(44)
    return (rng.normal(size=(32, 12)).astype(np.float32), np.ones((32, 12), np.float32))


def main(nu, s_diag):
    mesh = jax.make_mesh((2, 4), ("sensor", "state"))
    spec = P("sensor", None)
    nu, s_diag = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (nu, s_diag))
    body = functools.partial(consistency, axes=mesh.axis_names)
    return jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=P())(nu, s_diag)


if __name__ == "__main__":
    main(*inputs())
