"""GAN training step (non-saturating loss): the discriminator's mean scores on real and
generated images are averaged over data shards and shared as a small table for the logs."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

gather_reduced = functools.partial(jax.lax.all_gather, to="reduced")
share_over_data = functools.partial(gather_reduced, axis_name="data", axis=0, tiled=True)


def discriminator(params, x):
    h = jax.nn.leaky_relu(x @ params["w1"], 0.2)
    return (h @ params["w2"])[:, 0]


def score_table(params, real, fake):
    d_real = jax.lax.pmean(jnp.mean(discriminator(params, real)), "data")
    d_fake = jax.lax.pmean(jnp.mean(discriminator(params, fake)), "data")
    return share_over_data(jnp.stack([d_real, d_fake])[None])


def main(params, real, fake):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    batch = P("data", None)
    f = jax.shard_map(score_table, mesh=mesh, in_specs=({"w1": P(), "w2": P()}, batch, batch),
                      out_specs=P(None, None, reduced={"data"}))
    params = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P())), params)
    return f(params, jax.device_put(real, NamedSharding(mesh, batch)),
             jax.device_put(fake, NamedSharding(mesh, batch)))


def inputs():
    ks = jax.random.split(jax.random.key(70), 4)
    params = {"w1": jax.random.normal(ks[0], (8, 16)), "w2": jax.random.normal(ks[1], (16, 1))}
    return params, jax.random.normal(ks[2], (8, 8)), jax.random.normal(ks[3], (8, 8))
