"""HMM forward algorithm in scaled form: sequences over `seq`, hidden states split over
`state`. The log-normaliser is accumulated in the scan carry and shared at the end."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

STATE = "state"


def forward(log_emit, trans_block, init_block):
    def step(carry, e_t):
        alpha, log_z = carry
        full_alpha = jax.lax.all_gather(alpha, STATE, axis=-1, tiled=True)
        pred = full_alpha @ trans_block
        alpha = pred * jnp.exp(e_t)
        norm = jax.lax.psum(jnp.sum(alpha, axis=-1, keepdims=True), STATE)
        return (alpha / norm, log_z + jnp.log(norm)), None

    alpha0 = init_block * jnp.exp(log_emit[0])
    z0 = jax.lax.psum(jnp.sum(alpha0, axis=-1, keepdims=True), STATE)
    (alpha, log_z), _ = jax.lax.scan(step, (alpha0 / z0, jnp.log(z0)), log_emit[1:])
    per_state = jax.lax.all_gather(log_z, STATE, axis=-1, tiled=True, to="reduced")
    return alpha, per_state


def main(log_emit, trans, init, mesh):
    log_emit = jax.device_put(log_emit, NamedSharding(mesh, P(None, "seq", STATE)))
    trans = jax.device_put(trans, NamedSharding(mesh, P(None, STATE)))
    init = jax.device_put(init, NamedSharding(mesh, P(STATE)))
    fn = jax.shard_map(forward, mesh=mesh, in_specs=(P(None, "seq", STATE), P(None, STATE), P(STATE)),
                       out_specs=(P("seq", STATE), P("seq", None, reduced={STATE})))
    return fn(log_emit, trans, init)


def inputs():
    mesh = jax.make_mesh((2, 4), ("seq", STATE))
    k1, k2 = jax.random.split(jax.random.key(30))
    trans = jax.nn.softmax(jax.random.normal(k1, (8, 8)), axis=-1)
    return jax.random.normal(k2, (6, 4, 8)), trans, jnp.full((8,), 1.0 / 8), mesh
