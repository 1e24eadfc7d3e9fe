import enum
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    DATA = "data"
    MODEL = "model"


class Names(enum.StrEnum):
    BATCH = "data"
    HIDDEN = "model"


def body(x):
    y = lax.psum(x, Axis.DATA.value)
    loss = lax.pmean(y, (Axis.DATA.value, Axis.MODEL.value))  # SF105
    z = lax.psum(x, Names.BATCH)
    return loss, lax.pmean(z, (Names.BATCH, Names.HIDDEN))  # SF105


def run(x):
    mesh = jax.make_mesh((2, 4), (Axis.DATA.value, Axis.MODEL.value))
    return jax.shard_map(body, mesh=mesh, in_specs=P(Axis.DATA.value, Axis.MODEL.value), out_specs=(P(), P()))(x)
