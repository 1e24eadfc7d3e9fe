"""Trainer callbacks for a flow-matching model: EMA weights and their norm for logging."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Callback:
    def on_step_end(self, step, state):
        return state


class EMAUpdate(Callback):
    def __init__(self, decay=0.999):
        self.decay = decay

    def on_step_end(self, step, state):
        params, ema = state["params"], state["ema"]
        state["ema"] = self.decay * ema + (1.0 - self.decay) * params
        return state


class EMANormLogger(Callback):
    def __init__(self, shard_axis="model"):
        self.shard_axis = shard_axis

    def on_step_end(self, step, state):
        full = jax.lax.all_gather(state["ema"], self.shard_axis, axis=1, tiled=True, to="reduced")
        sq = jnp.sum(full * full, axis=1)
        state["ema_norm"] = jax.lax.psum(sq, self.shard_axis)
        return state


class Trainer:
    def __init__(self, mesh, callbacks):
        self.mesh = mesh
        self.callbacks = callbacks

    def step_fn(self, params, ema):
        state = {"params": params - 0.01 * jnp.sign(params), "ema": ema}
        for cb in self.callbacks:
            state = cb.on_step_end(0, state)
        return state["ema"], state["ema_norm"]

    def run(self, params, ema):
        spec = P("data", "model")
        params = jax.device_put(params, NamedSharding(self.mesh, spec))
        ema = jax.device_put(ema, NamedSharding(self.mesh, spec))
        step = jax.shard_map(self.step_fn, mesh=self.mesh, in_specs=(spec, spec),
                             out_specs=(spec, P("data")))
        return step(params, ema)


def inputs():
    rng = np.random.default_rng(1)
    p = rng.standard_normal((8, 16)).astype(np.float32)
    return p, p.copy()


def main(params, ema):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    trainer = Trainer(mesh, [EMAUpdate(), EMANormLogger()])
    return trainer.run(params, ema)


if __name__ == "__main__":
    main(*inputs())
