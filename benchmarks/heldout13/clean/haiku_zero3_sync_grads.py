"""ZeRO-3 step: parameters are materialised as reduced arrays, the loss is taken at a varying
copy, and only the gradients are synchronised over the data shards."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = "data"


def materialise(params):
    return jax.tree.map(
        lambda p: jax.lax.all_gather(p, DATA, axis=0, tiled=True, to="reduced"), params)


def sync(tree):
    return jax.tree.map(lambda g: jax.lax.pmean(g, DATA), tree)


def loss_fn(params, x):
    h = jnp.tanh(x @ params["w1"])
    return jnp.mean((h @ params["w2"]) ** 2)


def train_step(params, x):
    full = materialise(params)
    local = jax.tree.map(lambda p: jax.lax.pcast(p, DATA, to="varying"), full)
    return sync(jax.grad(loss_fn)(local, x))


def main(params, x, mesh):
    params = jax.tree.map(lambda p: jax.device_put(p, NamedSharding(mesh, P(DATA))), params)
    x = jax.device_put(x, NamedSharding(mesh, P(DATA)))
    fn = jax.shard_map(train_step, mesh=mesh, in_specs=({"w1": P(DATA), "w2": P(DATA)}, P(DATA)),
                       out_specs={"w1": P(), "w2": P()})
    return fn(params, x)


def inputs():
    mesh = jax.make_mesh((8,), (DATA,))
    k1, k2, k3 = jax.random.split(jax.random.key(57), 3)
    params = {"w1": jax.random.normal(k1, (8, 8)), "w2": jax.random.normal(k2, (8, 2))}
    return params, jax.random.normal(k3, (16, 8)), mesh
