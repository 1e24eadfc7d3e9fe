"""Checkpoint hook: a manager writes each item of the state in the layout registered for it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ALL = ("data", "fsdp", "tensor")


class CheckpointManager:
    def __init__(self, layouts, keep=2):
        self.layouts = layouts
        self.keep = keep
        self.steps = {}

    def save(self, step, items):
        saved = {}
        for name, tree in items.items():
            layout = self.layouts[name]
            saved[name] = jax.tree.map(lambda x: top_level_all_gather(x, layout), tree)
        self.steps[step] = saved
        for old in sorted(self.steps)[:-self.keep]:
            del self.steps[old]


class CheckpointHook:
    def __init__(self, manager, every_n_steps):
        self.manager = manager
        self.every_n_steps = every_n_steps

    def after_step(self, step, state):
        if step % self.every_n_steps == 0:
            self.manager.save(step, state)


def inputs():
    rng = np.random.default_rng(30)
    return rng.normal(size=(8, 4)).astype(np.float32), rng.normal(size=(8, 4)).astype(np.float32)


def main(params, opt_mu):
    mesh = jax.make_mesh((2, 2, 2), ALL)
    sharding = NamedSharding(mesh, P(ALL, None))
    manager = CheckpointManager({
        "params": P(None, None, reduced=set(ALL)),
        "opt_state": P(ALL[1], None, reduced={ALL[0], ALL[2]}),
    })
    hook = CheckpointHook(manager, every_n_steps=2)
    with jax.set_mesh(mesh):
        state = {"params": jax.device_put(params, sharding), "opt_state": jax.device_put(opt_mu, sharding)}
        for step in range(3):
            hook.after_step(step, state)
    return manager.steps


if __name__ == "__main__":
    main(*inputs())
