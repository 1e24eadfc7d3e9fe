"""Mean-variance portfolio step; config given as a YAML-like text parsed in the file."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG_TEXT = """
mesh.scenarios: 4
mesh.assets: 2
axes.scenario: scen
axes.asset: asset
risk_aversion: 3.0
"""


def parse(text):
    cfg = {}
    for line in text.strip().splitlines():
        key, value = (s.strip() for s in line.split(":"))
        cfg[key] = float(value) if value.replace(".", "").isdigit() else value
    return cfg


CFG = parse(CONFIG_TEXT)
SCEN, ASSET = CFG["axes.scenario"], CFG["axes.asset"]


def risk_terms(returns, weights):
    pnl = returns @ weights
    mean = jax.lax.pmean(jnp.mean(pnl), SCEN)
    var = jax.lax.pmean(jnp.mean((pnl - mean) ** 2), SCEN)
    return mean, var


def main(mesh, returns, weights):
    def body(returns, weights):
        pnl_local = returns @ weights
        pnl = jax.lax.psum(pnl_local, ASSET)
        mean, var = risk_terms(pnl[:, None], jnp.ones((1,)))
        utility = mean - 0.5 * CFG["risk_aversion"] * var
        budget = jax.lax.all_gather(utility[None], (SCEN, ASSET), tiled=True, to="reduced")
        return budget

    f = jax.shard_map(body, mesh=mesh, in_specs=(P(SCEN, ASSET), P(ASSET)),
                      out_specs=P(None, reduced={SCEN, ASSET}))
    return f(returns, weights)


def inputs():
    mesh = jax.make_mesh((int(CFG["mesh.scenarios"]), int(CFG["mesh.assets"])), (SCEN, ASSET))
    returns = jax.random.normal(jax.random.key(3), (64, 8)) * 0.01
    weights = jnp.full((8,), 1 / 8)
    return (mesh, jax.device_put(returns, NamedSharding(mesh, P(SCEN, ASSET))),
            jax.device_put(weights, NamedSharding(mesh, P(ASSET))))
