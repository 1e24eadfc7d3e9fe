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
    def body(x):
        return jax.lax.pmean(jnp.mean(jnp.square(x)), args.axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P(*args.axes), out_specs=P())(batch)


class EMACallback(TrainerCallback):
    def __init__(self, decay=0.9):
        self.decay = decay
        self.shadow = None
        self.gather_tp = None

    def on_train_begin(self, args, state, mesh=None, **kwargs):
        self.gather_tp = functools.partial(jax.lax.all_gather, axis_name=args.axes[1], axis=1, tiled=True, to="reduced")

    def on_step_end(self, args, state, mesh=None, batch=None, **kwargs):
        dp, tp = args.axes

        def body(x):
            shadow = jax.lax.pcast(self.gather_tp(x), tp, to="varying")
            return jax.lax.all_gather(shadow, args.axes, axis=0, tiled=True, to="reduced")

        self.shadow = jax.shard_map(body, mesh=mesh, in_specs=P(dp, tp), out_specs=P(reduced={dp, tp}))(batch)


def main(batch):
    (args,) = HfArgumentParser([TrainingArguments]).parse_args_into_dataclasses(["--max_steps", "1"])
    return Trainer(args, compute_loss, callbacks=[EMACallback()]).train(batch)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) / 64.0,)


if __name__ == "__main__":
    main(*inputs())
