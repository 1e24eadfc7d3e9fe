import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def body(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    r = g.reshape(-1)
    return lax.psum(r, "i")  # SF103

def body2(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    r = g.sum(axis=0)
    return lax.psum(r, "i")  # SF103

def body3(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    r = g.T
    return lax.psum(r, "i")  # SF103

def body4(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    r = g.astype(jnp.float32)
    return lax.psum(r, "i")  # SF103

def body5(x):
    s = lax.psum(x, "i")
    r = s.reshape(-1)
    return lax.all_gather(r, "i", to="reduced", tiled=True)  # SF101

def body6(x):
    s = lax.psum(x, "i").T
    return lax.all_gather(s.astype(jnp.float32), "i", to="reduced", tiled=True)  # SF101

def body7(x):
    s = lax.psum(x, "i")
    return lax.all_gather(s.sum(), "i", to="reduced")  # SF101

def body8(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.psum(g.sum(), "i")  # SF103

def body9(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.all_gather(g.reshape(2, -1).T, "i", tiled=True)  # SF103

def body10(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.ppermute(g.astype("float32"), "i", [(0, 1)])  # SF103

def body11(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.psum(g.mean(), "i")  # SF106

def body12(x):
    g = lax.all_gather(x, "i", to="reduced", tiled=True)
    return lax.psum(g.sum(axis=-1, keepdims=True), "i")  # SF103

mesh = jax.make_mesh((8,), ("i",))
f_body = jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())
f_body2 = jax.shard_map(body2, mesh=mesh, in_specs=P("i"), out_specs=P())
f_body3 = jax.shard_map(body3, mesh=mesh, in_specs=P("i"), out_specs=P())
f_body4 = jax.shard_map(body4, mesh=mesh, in_specs=P("i"), out_specs=P())
f_body5 = jax.shard_map(body5, mesh=mesh, in_specs=P("i"), out_specs=P())
f_body6 = jax.shard_map(body6, mesh=mesh, in_specs=P("i"), out_specs=P())
f_body7 = jax.shard_map(body7, mesh=mesh, in_specs=P("i"), out_specs=P())
f_body8 = jax.shard_map(body8, mesh=mesh, in_specs=P("i"), out_specs=P())
f_body9 = jax.shard_map(body9, mesh=mesh, in_specs=P("i"), out_specs=P())
f_body10 = jax.shard_map(body10, mesh=mesh, in_specs=P("i"), out_specs=P())
f_body11 = jax.shard_map(body11, mesh=mesh, in_specs=P("i"), out_specs=P())
f_body12 = jax.shard_map(body12, mesh=mesh, in_specs=P("i"), out_specs=P())
