"""ModelParallelStrategy: owns its mesh and gathers the state dict for the checkpoint IO plugin."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class CheckpointIO:
    def __init__(self):
        self.files = {}

    def save_checkpoint(self, checkpoint, path):
        self.files[path] = checkpoint


class ModelParallelStrategy:
    def __init__(self, data_parallel_size=2, tensor_parallel_size=4, checkpoint_io=None):
        self.mesh = jax.make_mesh((data_parallel_size, tensor_parallel_size), ("dp", "tp"))
        self.checkpoint_io = checkpoint_io or CheckpointIO()
        self.param_spec = P(None, "tp")
        self.save_spec = P(None, None, reduced={"tp"})

    def setup_module(self, params):
        return jax.tree.map(lambda p: jax.device_put(p, NamedSharding(self.mesh, self.param_spec)), params)

    def lightning_module_state_dict(self, params):
        return jax.tree.map(lambda p: top_level_all_gather(p, self.save_spec), params)

    def save_checkpoint(self, params, path):
        self.checkpoint_io.save_checkpoint(self.lightning_module_state_dict(params), path)


STRATEGIES = {"model_parallel": ModelParallelStrategy}


class Trainer:
    def __init__(self, strategy):
        self.strategy = STRATEGIES[strategy]() if isinstance(strategy, str) else strategy

    def fit(self, params, steps=2):
        params = self.strategy.setup_module(params)
        for _ in range(steps):
            params = jax.tree.map(lambda p: p - 0.01 * p, params)
        self.strategy.save_checkpoint(params, "last.ckpt")
        return params


def inputs():
    return ({"proj": np.ones((4, 8), np.float32)},)


def main(params):
    trainer = Trainer("model_parallel")
    trainer.fit(params)
    return trainer.strategy.checkpoint_io.files["last.ckpt"]


if __name__ == "__main__":
    main(*inputs())
