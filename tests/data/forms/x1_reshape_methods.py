import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def body9(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.all_gather(g.reshape(2, -1), "i", tiled=True)  # SF103

def body10(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.all_gather(g.T, "i", tiled=True)  # SF103

def body11(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.all_gather(g.reshape((2, -1)), "i", tiled=True)  # SF103

def body12(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.psum(g.reshape(2, -1).T, "i")  # SF103

def body13(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.psum(g.reshape(-1).astype(jnp.float32), "i")  # SF103

def body14(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.psum(g.astype(jnp.float32).sum(0), "i")  # SF103

def body15(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.psum(g.transpose(), "i")  # SF103

def body16(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.psum(g.squeeze(), "i")  # SF103

def body17(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.psum(g.ravel(), "i")  # SF103

def body18(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.psum(g.flatten(), "i")  # SF103

def body19(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.psum(g[0], "i")  # SF103

def body20(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.psum(g.mT, "i")  # SF103

def body21(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.psum(jnp.reshape(g, (-1,)), "i")  # SF103

def body22(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.psum(g.reshape(g.shape[0], -1), "i")  # SF103

def body23(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.psum(g.astype(x.dtype), "i")  # SF103

def body24(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    n = g.shape[0]
    return lax.psum(g.reshape(n, -1), "i")  # SF103
mesh = jax.make_mesh((8,), ("i",))
f_9 = jax.shard_map(body9, mesh=mesh, in_specs=P("i"), out_specs=P())
f_10 = jax.shard_map(body10, mesh=mesh, in_specs=P("i"), out_specs=P())
f_11 = jax.shard_map(body11, mesh=mesh, in_specs=P("i"), out_specs=P())
f_12 = jax.shard_map(body12, mesh=mesh, in_specs=P("i"), out_specs=P())
f_13 = jax.shard_map(body13, mesh=mesh, in_specs=P("i"), out_specs=P())
f_14 = jax.shard_map(body14, mesh=mesh, in_specs=P("i"), out_specs=P())
f_15 = jax.shard_map(body15, mesh=mesh, in_specs=P("i"), out_specs=P())
f_16 = jax.shard_map(body16, mesh=mesh, in_specs=P("i"), out_specs=P())
f_17 = jax.shard_map(body17, mesh=mesh, in_specs=P("i"), out_specs=P())
f_18 = jax.shard_map(body18, mesh=mesh, in_specs=P("i"), out_specs=P())
f_19 = jax.shard_map(body19, mesh=mesh, in_specs=P("i"), out_specs=P())
f_20 = jax.shard_map(body20, mesh=mesh, in_specs=P("i"), out_specs=P())
f_21 = jax.shard_map(body21, mesh=mesh, in_specs=P("i"), out_specs=P())
f_22 = jax.shard_map(body22, mesh=mesh, in_specs=P("i"), out_specs=P())
f_23 = jax.shard_map(body23, mesh=mesh, in_specs=P("i"), out_specs=P())
f_24 = jax.shard_map(body24, mesh=mesh, in_specs=P("i"), out_specs=P())
