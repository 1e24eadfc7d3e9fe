import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass
class TrainingArguments:
    output_dir: str = "runs/default"
    learning_rate: float = 5e-5
    max_steps: int = 2
    logging_steps: int = 1
    mesh_shape: str = "4,2"
    mesh_axes: str = "dp,tp"
    metric_for_best_model: str = "loss"

    @property
    def axes(self):
        return tuple(self.mesh_axes.split(","))

    def build_mesh(self):
        return jax.make_mesh(tuple(int(n) for n in self.mesh_shape.split(",")), self.axes)


class HfArgumentParser:
    def __init__(self, dataclass_types):
        self.dataclass_types = list(dataclass_types)

    def parse_args_into_dataclasses(self, args):
        pairs = dict(zip(args[::2], args[1::2]))
        outputs = []
        for dtype in self.dataclass_types:
            kwargs = {}
            for field in dataclasses.fields(dtype):
                flag = "--" + field.name
                if flag in pairs:
                    kwargs[field.name] = field.type(pairs[flag])
            outputs.append(dtype(**kwargs))
        return tuple(outputs)


@dataclasses.dataclass
class TrainerState:
    global_step: int = 0
    log_history: list = dataclasses.field(default_factory=list)


class TrainerCallback:
    def on_train_begin(self, args, state, **kwargs):
        pass

    def on_step_end(self, args, state, **kwargs):
        pass


class Trainer:
    def __init__(self, args, compute_loss, callbacks=None, compute_metrics=None):
        self.args = args
        self.mesh = args.build_mesh()
        self.compute_loss = compute_loss
        self.callbacks = list(callbacks or [])
        self.compute_metrics = compute_metrics
        self.state = TrainerState()

    def call_event(self, event, **kwargs):
        for callback in self.callbacks:
            getattr(callback, event)(self.args, self.state, mesh=self.mesh, **kwargs)

    def train(self, batch):
        batch = jax.device_put(batch, NamedSharding(self.mesh, P(*self.args.axes)))
        self.call_event("on_train_begin")
        for _ in range(self.args.max_steps):
            loss = self.compute_loss(batch, self.mesh, self.args)
            self.state.global_step += 1
            if self.state.global_step % self.args.logging_steps == 0:
                self.state.log_history.append({"loss": float(loss)})
            self.call_event("on_step_end", batch=batch)
        if self.compute_metrics is not None:
            return self.compute_metrics(batch, self.mesh, self.args)
        return self.state


def compute_loss(batch, mesh, args):
    with jax.set_mesh(mesh):
        full = top_level_all_gather(batch, P(None, args.axes[1], reduced={args.axes[0]}))
        return jnp.mean(jnp.square(full))


class CheckpointCallback(TrainerCallback):
    def __init__(self, save_steps):
        self.save_steps = save_steps
        self.saved = []

    def on_step_end(self, args, state, mesh=None, batch=None, **kwargs):
        if state.global_step % self.save_steps == 0 and args.output_dir:
            with jax.set_mesh(mesh):
                self.saved.append(np.asarray(top_level_all_gather(batch, P(None, args.axes[1], reduced={args.axes[0]}))))


def main(batch):
    args = HfArgumentParser([TrainingArguments]).parse_args_into_dataclasses(["--output_dir", "ckpt"])[0]
    trainer = Trainer(args, compute_loss, callbacks=[CheckpointCallback(save_steps=2)])
    return trainer.train(batch)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) / 64.0,)


if __name__ == "__main__":
    main(*inputs())
