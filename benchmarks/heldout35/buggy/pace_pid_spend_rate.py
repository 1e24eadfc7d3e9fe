"""Budget pacing: a PID controller per campaign, driven by the spend rate across auction shards."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class PacingConfig:
    kp: float = 0.4
    ki: float = 0.05
    target_rate: float = 0.02
    axes: dict = field(default_factory=lambda: {"campaign": "campaign", "auction": "auction"})


class PacingController:
    def __init__(self, cfg: PacingConfig):
        self.cfg = cfg
        self.auction_axis = cfg.axes["auction"]

    def spend_rate(self, won_prices, budgets):
        spent = jax.lax.psum(jnp.sum(won_prices, axis=1), self.auction_axis)
        return spent / budgets

    def update(self, won_prices, budgets, integral):
        rate = self.spend_rate(won_prices, budgets)
        err = self.cfg.target_rate - rate
        integral = integral + err
        multiplier = jnp.clip(1.0 + self.cfg.kp * err + self.cfg.ki * integral, 0.1, 2.0)
        return jax.lax.all_gather(multiplier, self.auction_axis, to="reduced")


def inputs():
    rng = np.random.default_rng(40)
    won = rng.exponential(0.5, size=(4, 64)).astype(np.float32)
    return won, np.full((4,), 500.0, np.float32), np.zeros((4,), np.float32)


def main(won, budgets, integral):
    cfg = PacingConfig()
    mesh = jax.make_mesh((2, 4), tuple(cfg.axes.values()))
    c, a = cfg.axes["campaign"], cfg.axes["auction"]
    won = jax.device_put(won, NamedSharding(mesh, P(c, a)))
    budgets = jax.device_put(budgets, NamedSharding(mesh, P(c)))
    integral = jax.device_put(integral, NamedSharding(mesh, P(c)))
    ctl = PacingController(cfg)
    fn = jax.shard_map(lambda w, b, i: ctl.update(w, b, i), mesh=mesh,
                       in_specs=(P(c, a), P(c), P(c)), out_specs=P(None, c, reduced={a}))
    return fn(won, budgets, integral)


if __name__ == "__main__":
    print(main(*inputs()))
