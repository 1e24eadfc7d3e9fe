"""Risk engine post-processing hooks run on the gathered scenario P&L strip."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCENARIO_AXIS = "scen"
POST_HOOKS = []


def post_hook(fn):
    POST_HOOKS.append(fn)
    return fn


@post_hook
def worst_loss(strip, axis):
    largest_move = jax.lax.pmax(jnp.abs(strip), axis)
    return largest_move.max(axis=0, keepdims=True)


def scenario_strip(pnl):
    book = pnl.sum(axis=1, keepdims=True)
    return jax.lax.all_gather(book, SCENARIO_AXIS, axis=0, tiled=True, to="reduced")


def run_hooks(pnl):
    strip = scenario_strip(pnl)
    return [hook(strip, SCENARIO_AXIS) for hook in POST_HOOKS]


def inputs():
    rng = np.random.default_rng(2603)
    return (rng.standard_normal((16, 8)).astype(np.float32),)


def main(pnl):
    mesh = jax.make_mesh((2, 4), (SCENARIO_AXIS, "desk"))
    pnl = jax.device_put(pnl, NamedSharding(mesh, P(SCENARIO_AXIS, "desk")))
    fn = jax.shard_map(run_hooks, mesh=mesh, in_specs=P(SCENARIO_AXIS, "desk"),
                       out_specs=[P(None, "desk")])
    return fn(pnl)


if __name__ == "__main__":
    print(main(*inputs()))
