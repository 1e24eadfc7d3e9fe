import enum
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class Axis(enum.Enum):
    DATA = "data"
    MODEL = "model"


class Auto(str, enum.Enum):
    DATA = enum.auto()
    MODEL = enum.auto()


def body(x):
    y = lax.psum(x, "data")
    a = lax.pmean(y, (Axis.DATA, Axis.MODEL))  # none: a member of a plain Enum is not its value
    b = lax.pmean(y, (Auto.DATA.value, Auto.MODEL.value))  # none: auto() values are not read
    return a, b


def run(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=(P(), P()))(x)
