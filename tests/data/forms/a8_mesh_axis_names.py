import enum
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

AXES = ("data", "model")
ABSTRACT = jax.sharding.AbstractMesh((2, 4), AXES)


def metrics(x, mesh):
    total = x.sum()
    return lax.psum(total, mesh.axis_names)  # SF105


def metrics_abstract(x):
    total = x.sum()
    return lax.psum(total, ABSTRACT.axis_names)  # SF105


def run(x):
    mesh = Mesh(np.array(jax.devices()).reshape(2, 4), AXES)
    return jax.shard_map(partial(metrics, mesh=mesh), mesh=mesh, in_specs=P("data"), out_specs=P())(x)


def run_made(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a = jax.shard_map(partial(metrics, mesh=mesh), mesh=mesh, in_specs=P("data"), out_specs=P())(x)
    return a, jax.shard_map(metrics_abstract, mesh=mesh, in_specs=P("data"), out_specs=P())(x)
