"""Hyper-parameter optimisation for LDA: the alpha step computed per shard, then pooled."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Hook:
    def after_iteration(self, state):
        return state


class AlphaUpdate(Hook):
    learning_rate = 0.5

    def __init__(self, topics_axis):
        self.topics_axis = topics_axis

    def after_iteration(self, state):
        local = self.learning_rate * jnp.exp(state["log_theta"].mean(axis=0))
        step = jax.lax.all_gather(local, self.topics_axis, tiled=True, to="reduced")
        return {**state, "alpha": jnp.max(step)}


def fit(log_theta, hooks):
    state = {"log_theta": log_theta, "alpha": None}
    for hook in hooks:
        state = hook.after_iteration(state)
    return state["alpha"]


def inputs():
    rng = np.random.default_rng(79)
    return (np.log(rng.dirichlet(np.ones(8), 16)).astype(np.float32),)


def main(log_theta):
    mesh = jax.make_mesh((8,), ("topics",))
    log_theta = jax.device_put(log_theta, NamedSharding(mesh, P(None, "topics")))
    hooks = [Hook(), AlphaUpdate("topics")]
    fn = jax.shard_map(lambda lt: fit(lt, hooks), mesh=mesh, in_specs=P(None, "topics"),
                       out_specs=P())
    return fn(log_theta)


if __name__ == "__main__":
    print(main(*inputs()))
