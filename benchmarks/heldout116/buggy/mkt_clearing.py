"""Call-auction market ABM: every tick traders submit limits, the clearing price is set centrally."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TICK = 1.0 / 30.0
CFG = {"axes": {"pop": "traders", "goods": "goods"}, "steps": 3}

_phases = []


def phase(fn):
    _phases.append(fn)
    return fn


@phase
def submit(ctx, limits):
    def body(l, wealth):
        return l * (1.0 + 0.01 * jnp.tanh(wealth))
    spec = P(CFG["axes"]["pop"], CFG["axes"]["goods"])
    return jax.shard_map(body, mesh=ctx["mesh"], in_specs=(spec, spec), out_specs=spec)(limits, ctx["wealth"])


@phase
def clear(ctx, limits):
    pop = CFG["axes"]["pop"]

    def body(l):
        book = jax.lax.all_gather(l, pop, axis=0, tiled=True, to="reduced")
        price = jax.lax.pmean(book, pop)
        return jnp.sum(price, axis=0, keepdims=True)
    spec = P(pop, CFG["axes"]["goods"])
    ctx["prices"].append(jax.shard_map(body, mesh=ctx["mesh"], in_specs=spec,
                                       out_specs=P(None, CFG["axes"]["goods"]))(limits))
    return limits


def inputs():
    rng = np.random.default_rng(22)
    return rng.uniform(9, 11, (16, 4)).astype(np.float32), rng.normal(size=(16, 4)).astype(np.float32)


def main(limits, wealth):
    mesh = jax.make_mesh((4, 2), (CFG["axes"]["pop"], CFG["axes"]["goods"]))
    sh = NamedSharding(mesh, P(CFG["axes"]["pop"], CFG["axes"]["goods"]))
    ctx = {"mesh": mesh, "wealth": jax.device_put(wealth, sh), "prices": []}
    limits = jax.device_put(limits, sh)
    sim_time, wall = 0.0, 0.0
    for _ in range(CFG["steps"]):
        wall += 0.05
        while sim_time + TICK <= wall:
            for fn in _phases:
                limits = fn(ctx, limits)
            sim_time += TICK
    print(len(ctx["prices"]))


if __name__ == "__main__":
    main(*inputs())
