"""charlm: a character-level GPT trained through a LightningCLI config on a tensor-parallel strategy.
"""
import functools
import inspect
import json

import jax
import jax.numpy as jnp
import numpy as np
import yaml
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


# ---------------------------------------------------------------------------------------------
# litekit: the small Lightning-like layer this repo carries instead of depending on lightning
# (LightningModule / LightningDataModule / Trainer / Strategy registry / LightningCLI / Fabric).
# ---------------------------------------------------------------------------------------------

class AttributeDict(dict):
    """hparams container: `self.hparams.lr` and `self.hparams["lr"]` both work."""

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError as exc:
            raise AttributeError(key) from exc

    def __setattr__(self, key, value):
        self[key] = value


class HyperparametersMixin:
    def save_hyperparameters(self, *, ignore=()):
        frame = inspect.currentframe().f_back
        init_args = inspect.getargvalues(frame)
        self._hparams = AttributeDict(
            {k: init_args.locals[k] for k in init_args.args[1:] if k not in ignore})
        self._hparams.update({k: v for k, v in init_args.locals.get(init_args.keywords or "", {}).items()})

    @property
    def hparams(self):
        if not hasattr(self, "_hparams"):
            self._hparams = AttributeDict()
        return self._hparams


class LightningModule(HyperparametersMixin):
    trainer = None

    @property
    def strategy(self):
        return self.trainer.strategy

    @property
    def device_mesh(self):
        return self.trainer.strategy.mesh

    def log(self, name, value, **kwargs):
        self.trainer.callback_metrics[name] = value

    # hooks (the Trainer calls them in its own order)
    def setup(self, stage):
        pass

    def configure_model(self):
        pass

    def configure_optimizers(self):
        return None

    def on_fit_end(self):
        pass

    def on_save_checkpoint(self, checkpoint):
        pass


class LightningDataModule(HyperparametersMixin):
    def prepare_data(self):
        pass

    def setup(self, stage):
        pass


class Callback:
    def setup(self, trainer, pl_module, stage):
        pass

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        pass

    def on_validation_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        pass

    def on_fit_end(self, trainer, pl_module):
        pass


STRATEGY_REGISTRY = {}


def register_strategy(name):
    def deco(cls):
        STRATEGY_REGISTRY[name] = cls
        cls.strategy_name = name
        return cls
    return deco


class Strategy:
    """Owns the device mesh and the shard_map wrapping of the step functions."""

    axis_names = ("data",)
    mesh_shape = (8,)

    def __init__(self, mesh_shape=None, axis_names=None):
        if mesh_shape is not None:
            self.mesh_shape = tuple(mesh_shape)
        if axis_names is not None:
            self.axis_names = tuple(axis_names)
        self.mesh = None

    def setup_environment(self):
        self.mesh = jax.make_mesh(self.mesh_shape, self.axis_names)

    def place(self, x, spec):
        return jax.device_put(x, NamedSharding(self.mesh, spec))

    def batch_spec(self, ndim):
        return P(self.axis_names[0], *([None] * (ndim - 1)))

    def place_batch(self, batch):
        return jax.tree.map(lambda a: self.place(a, self.batch_spec(a.ndim)), batch)

    def wrap(self, fn, in_specs, out_specs):
        return jax.jit(jax.shard_map(fn, mesh=self.mesh, in_specs=in_specs, out_specs=out_specs))


@register_strategy("ddp")
class DDPStrategy(Strategy):
    axis_names = ("data",)
    mesh_shape = (8,)


@register_strategy("fsdp")
class FSDPStrategy(Strategy):
    axis_names = ("replicate", "shard")
    mesh_shape = (4, 2)

    @property
    def data_axes(self):
        return self.axis_names

    def batch_spec(self, ndim):
        return P(self.data_axes, *([None] * (ndim - 1)))

    @property
    def shard_axis(self):
        return self.axis_names[-1]


@register_strategy("tensor_parallel")
class ModelParallelStrategy(Strategy):
    axis_names = ("data", "tensor")
    mesh_shape = (4, 2)

    @property
    def dp_axis(self):
        return self.axis_names[0]

    @property
    def tp_axis(self):
        return self.axis_names[1]


def _resolve_strategy(strategy, **kwargs):
    if isinstance(strategy, Strategy):
        return strategy
    return STRATEGY_REGISTRY[strategy](**kwargs)


class Trainer:
    def __init__(self, strategy="ddp", callbacks=(), max_steps=1, precision="32-true", **strategy_kwargs):
        self.strategy = _resolve_strategy(strategy, **strategy_kwargs)
        self.callbacks = list(callbacks)
        self.max_steps = max_steps
        self.precision = PRECISION_PLUGINS[precision]()
        self.callback_metrics = {}
        self.global_step = 0

    def fit(self, model, datamodule):
        self.strategy.setup_environment()
        model.trainer = self
        self.lightning_module = model
        with jax.set_mesh(self.strategy.mesh):
            datamodule.prepare_data()
            datamodule.setup("fit")
            for cb in self.callbacks:
                cb.setup(self, model, "fit")
            model.setup("fit")
            model.configure_model()
            model.optimizer = model.configure_optimizers()
            for batch_idx, batch in enumerate(datamodule.train_dataloader()):
                if batch_idx >= self.max_steps:
                    break
                batch = self.strategy.place_batch(self.precision.convert_input(batch))
                outputs = model.training_step(batch, batch_idx)
                for cb in self.callbacks:
                    cb.on_train_batch_end(self, model, outputs, batch, batch_idx)
                self.global_step += 1
            for batch_idx, batch in enumerate(datamodule.val_dataloader()):
                batch = self.strategy.place_batch(self.precision.convert_input(batch))
                outputs = model.validation_step(batch, batch_idx)
                for cb in self.callbacks:
                    cb.on_validation_batch_end(self, model, outputs, batch, batch_idx)
            model.on_fit_end()
            for cb in self.callbacks:
                cb.on_fit_end(self, model)
        return self.callback_metrics

    def save_checkpoint(self, filepath):
        checkpoint = {"global_step": self.global_step, "filepath": filepath, "state_dict": {}}
        self.lightning_module.on_save_checkpoint(checkpoint)
        return checkpoint


class Precision:
    dtype = jnp.float32

    def convert_input(self, batch):
        return jax.tree.map(lambda a: a.astype(self.dtype) if a.dtype.kind == "f" else a, batch)


class HalfPrecision(Precision):
    dtype = jnp.bfloat16


PRECISION_PLUGINS = {"32-true": Precision, "bf16-mixed": Precision, "bf16-true": HalfPrecision}


class Fabric:
    """The lightweight alternative: fabric.launch(fn), fabric.setup(model, optimizer)."""

    def __init__(self, strategy="ddp", precision="32-true", **strategy_kwargs):
        self.strategy = _resolve_strategy(strategy, **strategy_kwargs)
        self.precision = PRECISION_PLUGINS[precision]()
        self.logged = {}

    def launch(self, fn, *args, **kwargs):
        self.strategy.setup_environment()
        with jax.set_mesh(self.strategy.mesh):
            return fn(self, *args, **kwargs)

    def setup(self, model, optimizer=None):
        model.fabric = self
        model.setup_parameters(self.strategy)
        return model, optimizer

    def log_dict(self, metrics):
        self.logged.update(metrics)


CLASS_REGISTRY = {}


def cli_class(cls):
    CLASS_REGISTRY[f"{cls.__module__}.{cls.__name__}".split(".")[-1]] = cls
    return cls


def instantiate_class(config):
    """jsonargparse style: {"class_path": "pkg.mod.Name", "init_args": {...}}, nested."""
    if isinstance(config, dict) and "class_path" in config:
        cls = CLASS_REGISTRY[config["class_path"].split(".")[-1]]
        kwargs = {k: instantiate_class(v) for k, v in config.get("init_args", {}).items()}
        return cls(**kwargs)
    if isinstance(config, list):
        return [instantiate_class(v) for v in config]
    return config


class LightningCLI:
    def __init__(self, config_text, args=()):
        config = yaml.safe_load(config_text)
        for arg in args:  # --trainer.strategy=fsdp style overrides
            key, value = arg.lstrip("-").split("=", 1)
            node = config
            *parents, leaf = key.split(".")
            for p in parents:
                node = node.setdefault(p, {})
            node[leaf] = yaml.safe_load(value)
        self.config = config
        self.model = instantiate_class(config["model"])
        self.datamodule = instantiate_class(config["data"])
        trainer_cfg = dict(config.get("trainer", {}))
        trainer_cfg["callbacks"] = instantiate_class(trainer_cfg.get("callbacks", []))
        self.trainer = Trainer(**trainer_cfg)

    def run(self):
        return self.trainer.fit(self.model, self.datamodule)


# ---------------------------------------------------------------------------------------------
# char-level GPT, Megatron-style tensor parallel MLP (strategy="tensor_parallel")
# ---------------------------------------------------------------------------------------------

CONFIG = """
model:
  class_path: charlm.models.TinyGPT
  init_args:
    vocab_size: 32
    d_model: 16
    d_ff: 32
    lr: 0.05
    metric_axis: data
data:
  class_path: charlm.data.ShakespeareDataModule
  init_args:
    seq_len: 8
    batch_size: 8
trainer:
  strategy: tensor_parallel
  max_steps: 2
  precision: bf16-mixed
  callbacks:
    - class_path: charlm.callbacks.ActivationMonitor
      init_args:
        every_n_steps: 1
    - class_path: charlm.callbacks.ShardedCheckpoint
      init_args:
        dirpath: /tmp/charlm-ckpt
        export_reduced: [tensor]
"""


@cli_class
class ShakespeareDataModule(LightningDataModule):
    def __init__(self, seq_len=8, batch_size=8, vocab_size=32, seed=0):
        super().__init__()
        self.save_hyperparameters()

    def setup(self, stage):
        rng = np.random.default_rng(self.hparams.seed)
        n = self.hparams.batch_size * 4
        self.corpus = rng.integers(0, self.hparams.vocab_size, size=(n, self.hparams.seq_len + 1)).astype(np.int32)

    def train_dataloader(self):
        bs = self.hparams.batch_size
        for i in range(2):
            yield {"tokens": self.corpus[i * bs:(i + 1) * bs]}

    def val_dataloader(self):
        bs = self.hparams.batch_size
        yield {"tokens": self.corpus[-bs:]}


@cli_class
class TinyGPT(LightningModule):
    def __init__(self, vocab_size=32, d_model=16, d_ff=32, lr=0.05, metric_axis="data"):
        super().__init__()
        self.save_hyperparameters()

    def configure_model(self):
        hp, strat = self.hparams, self.strategy
        tp = strat.tp_axis
        self.param_specs = {
            "embed": P(None, None),
            "w_in": P(None, tp),
            "w_out": P(tp, None),
            "unembed": P(None, None),
        }
        shapes = {
            "embed": (hp.vocab_size, hp.d_model),
            "w_in": (hp.d_model, hp.d_ff),
            "w_out": (hp.d_ff, hp.d_model),
            "unembed": (hp.d_model, hp.vocab_size),
        }
        rng = np.random.default_rng(1)
        self.params = {
            name: strat.place((0.1 * rng.standard_normal(shape)).astype(np.float32), self.param_specs[name])
            for name, shape in shapes.items()
        }
        batch_spec = P(strat.dp_axis, None)
        self._train = strat.wrap(self._train_step, in_specs=(self.param_specs, batch_spec),
                                 out_specs=(self.param_specs, P()))
        self._val = strat.wrap(self._val_step, in_specs=(self.param_specs, batch_spec),
                               out_specs={"nll": P(strat.dp_axis), "ppl": P(),
                                          "nll_all": self.metric_spec(self.hparams.metric_axis)})

    def metric_spec(self, axis):
        # per-sequence metrics stay split over the data axis unless they were gathered over it
        dp = self.strategy.dp_axis
        return P(None if axis == dp else dp, reduced={axis})

    def mlp(self, params, h):
        tp = self.strategy.tp_axis
        a = jax.nn.gelu(h @ params["w_in"])           # column parallel: d_ff split over tp
        return jax.lax.psum(a @ params["w_out"], tp)   # row parallel: partial sums over tp

    def forward(self, params, tokens):
        h = params["embed"][tokens]
        h = h + self.mlp(params, h)
        return h @ params["unembed"]

    def token_nll(self, params, tokens):
        logits = self.forward(params, tokens[:, :-1])
        logp = jax.nn.log_softmax(logits, axis=-1)
        picked = jnp.take_along_axis(logp, tokens[:, 1:, None], axis=-1)[..., 0]
        return -jnp.mean(picked, axis=-1)             # one value per sequence

    def loss_fn(self, params, tokens):
        return jnp.mean(self.token_nll(params, tokens))

    def _train_step(self, params, tokens):
        dp = self.strategy.dp_axis
        loss, grads = jax.value_and_grad(self.loss_fn)(params, tokens)
        loss = jax.lax.pmean(loss, dp)
        n = jax.lax.axis_size(dp)
        new = jax.tree.map(lambda p, g: p - self.hparams.lr * g / n, params, grads)
        return new, loss

    def _val_step(self, params, tokens):
        nll = self.token_nll(params, tokens)
        nll_all = jax.lax.all_gather(nll, self.hparams.metric_axis, tiled=True, to="reduced")
        ppl = jnp.exp(jax.lax.pmean(jnp.mean(nll), self.strategy.dp_axis))
        return {"nll": nll, "ppl": ppl, "nll_all": nll_all}

    def training_step(self, batch, batch_idx):
        self.params, loss = self._train(self.params, batch["tokens"])
        self.log("train_loss", loss)
        return {"loss": loss}

    def validation_step(self, batch, batch_idx):
        out = self._val(self.params, batch["tokens"])
        self.log("val_ppl", out["ppl"])
        return out

    def configure_optimizers(self):
        return {"name": "sgd", "lr": self.hparams.lr}


@cli_class
class ActivationMonitor(Callback):
    """Logs statistics of the MLP's hidden activations (the d_ff dimension is split over tp)."""

    def __init__(self, every_n_steps=1, dump_axes=("data",)):
        self.every_n_steps = every_n_steps
        self.dump_axes = tuple(dump_axes)

    def setup(self, trainer, pl_module, stage):
        self.trainer = trainer

    def hidden_stats(self, pl_module, params, tokens):
        tp = pl_module.strategy.tp_axis
        h = params["embed"][tokens]
        pre = h @ params["w_in"]
        full = jax.lax.all_gather(pre, tp, axis=2, tiled=True, to="reduced")
        absmax = jax.lax.pmax(jnp.max(jnp.abs(pre)), pl_module.strategy.axis_names)
        dump = jax.lax.all_gather(full, self.dump_axes, axis=0, tiled=True, to="reduced")
        return {"absmax": absmax, "full": full, "dump": dump}

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        if batch_idx % self.every_n_steps:
            return
        strat = pl_module.strategy
        fn = strat.wrap(functools.partial(self.hidden_stats, pl_module),
                        in_specs=(pl_module.param_specs, P(strat.dp_axis, None)),
                        out_specs={"absmax": P(), "full": P(strat.dp_axis, None, None, reduced={strat.tp_axis}),
                                   "dump": P(None, None, None, reduced={strat.dp_axis, strat.tp_axis})})
        stats = fn(pl_module.params, batch["tokens"])
        trainer.callback_metrics["act_absmax"] = stats["absmax"]


@cli_class
class ShardedCheckpoint(Callback):
    def __init__(self, dirpath, export_reduced=("tensor",)):
        self.dirpath = dirpath
        self.export_reduced = tuple(export_reduced)

    def on_fit_end(self, trainer, pl_module):
        state = {}
        for name, p in pl_module.params.items():
            spec = pl_module.param_specs[name]
            if any(spec):
                out = P(*([None] * len(spec)), reduced=set(self.export_reduced))
                state[name] = top_level_all_gather(p, out)
            else:
                state[name] = p
        trainer.callback_metrics["checkpoint"] = state


def inputs():
    return (CONFIG, [])


def main(config_text, overrides):
    cli = LightningCLI(config_text, args=overrides)
    metrics = cli.run()
    return metrics["val_ppl"]


if __name__ == "__main__":
    main(*inputs())
