"""Deep ensemble for Bayesian predictive uncertainty: members sharded over 'member'."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("member", "batch"))

REDUCERS = {
    "max": lambda v: jax.lax.pmax(v, "member"),
    "mean": lambda v: jax.lax.pmean(v, "member"),
}
SHARE = {
    "member": lambda v: jax.lax.all_gather(v, "member", axis=0, tiled=True, to="reduced"),
}


def log_lik(params, x, y):
    logits = x @ params
    return jax.nn.log_softmax(logits)[jnp.arange(y.shape[0]), y]


def evaluate(params, x, y):
    ll = log_lik(params[0], x, y)
    peak = REDUCERS["max"](ll)
    logsumexp = peak + jnp.log(REDUCERS["mean"](jnp.exp(ll - peak)))
    per_member = SHARE["member"](logsumexp[None])
    return logsumexp, per_member


def inputs():
    k1, k2 = jax.random.split(jax.random.key(2))
    params = jax.random.normal(k1, (4, 6, 3))
    x = jax.random.normal(k2, (8, 6))
    y = jnp.arange(8, dtype=jnp.int32) % 3
    return (jax.device_put(params, NamedSharding(mesh, P("member"))),
            jax.device_put(x, NamedSharding(mesh, P("batch"))),
            jax.device_put(y, NamedSharding(mesh, P("batch"))))


def main(params, x, y):
    f = jax.shard_map(evaluate, mesh=mesh, in_specs=(P("member"), P("batch"), P("batch")),
                      out_specs=(P("batch"), P(None, "batch", reduced={"member"})))
    return f(params, x, y)
