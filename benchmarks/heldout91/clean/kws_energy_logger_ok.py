"""kws-lightning: keyword spotting with a sequence-parallel conv frontend, built from a LightningCLI YAML config.
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
# keyword spotting on log-mel frames; frames split over a "time" axis (sequence parallel), a
# conv frontend with halo exchange, EMA weights kept by a callback; built by LightningCLI
# ---------------------------------------------------------------------------------------------

@register_strategy("sequence_parallel")
class SequenceParallelStrategy(Strategy):
    axis_names = ("batch", "time")
    mesh_shape = (2, 4)

    def batch_spec(self, ndim):
        return P("batch", "time", *([None] * (ndim - 2))) if ndim >= 2 else P("batch")


CONFIG = """
seed_everything: 0
model:
  class_path: kws.lit.KeywordSpotter
  init_args:
    n_mels: 8
    channels: 16
    n_keywords: 6
    lr: 0.05
    loss_axes: [batch]
data:
  class_path: kws.data.SpeechCommands
  init_args:
    batch_size: 8
    frames: 16
trainer:
  strategy: sequence_parallel
  max_steps: 2
  callbacks:
    - class_path: kws.callbacks.EMA
      init_args:
        decay: 0.9
    - class_path: kws.callbacks.EnergyLogger
      init_args:
        gather_axis: batch
"""


@cli_class
class SpeechCommands(LightningDataModule):
    def __init__(self, batch_size=8, frames=16, n_mels=8, n_keywords=6):
        super().__init__()
        self.save_hyperparameters()

    def setup(self, stage):
        hp = self.hparams
        rng = np.random.default_rng(2)
        n = hp.batch_size * 3
        self.feats = rng.standard_normal((n, hp.frames, hp.n_mels)).astype(np.float32)
        self.labels = rng.integers(0, hp.n_keywords, size=n).astype(np.int32)

    def _loader(self, idx):
        bs = self.hparams.batch_size
        for i in idx:
            sl = slice(i * bs, (i + 1) * bs)
            yield {"feats": self.feats[sl], "label": self.labels[sl]}

    def train_dataloader(self):
        return self._loader([0, 1])

    def val_dataloader(self):
        return self._loader([2])


@cli_class
class KeywordSpotter(LightningModule):
    def __init__(self, n_mels=8, channels=16, n_keywords=6, lr=0.05, loss_axes=("batch",)):
        super().__init__()
        self.save_hyperparameters()

    def configure_model(self):
        hp = self.hparams
        rng = np.random.default_rng(4)
        self.specs = {"w_conv": P(None, None, None), "w_cls": P(None, None)}
        init = {"w_conv": 0.3 * rng.standard_normal((3, hp.n_mels, hp.channels)),
                "w_cls": 0.3 * rng.standard_normal((hp.channels, hp.n_keywords))}
        self.params = {k: self.strategy.place(v.astype(np.float32), self.specs[k]) for k, v in init.items()}
        self.ema_cb = next(cb for cb in self.trainer.callbacks if isinstance(cb, EMA))
        self.ema_cb.init(self.params)
        batch = {"feats": P("batch", "time", None), "label": P("batch")}
        self._train = self.strategy.wrap(self._train_step, in_specs=(self.specs, self.specs, batch),
                                         out_specs=(self.specs, self.specs, P()))
        self._val = self.strategy.wrap(self._val_step, in_specs=(self.specs, batch),
                                       out_specs={"acc": P(), "energy": P(), "frame_energy": P("batch", "time")})

    def halo(self, x):
        """Neighbouring frames from the previous and next time shard (zeros at the ends)."""
        n = jax.lax.axis_size("time")
        i = jax.lax.axis_index("time")
        prev = jax.lax.ppermute(x[:, -1:], "time", [(j, j + 1) for j in range(n - 1)])
        nxt = jax.lax.ppermute(x[:, :1], "time", [(j + 1, j) for j in range(n - 1)])
        prev = jnp.where(i == 0, 0.0, prev)
        nxt = jnp.where(i == n - 1, 0.0, nxt)
        return jnp.concatenate([prev, x, nxt], axis=1)

    def encode(self, params, feats):
        x = self.halo(feats)
        w = params["w_conv"]
        h = x[:, :-2] @ w[0] + x[:, 1:-1] @ w[1] + x[:, 2:] @ w[2]
        h = jax.nn.relu(h)
        frames = jax.lax.psum(h.shape[1], "time")
        return jax.lax.psum(jnp.sum(h, axis=1), "time") / frames      # mean over all frames

    def loss_fn(self, params, batch):
        logits = self.encode(params, batch["feats"]) @ params["w_cls"]
        logp = jax.nn.log_softmax(logits)
        return -jnp.mean(jnp.take_along_axis(logp, batch["label"][:, None], axis=1))

    def _train_step(self, params, ema, batch):
        loss, grads = jax.value_and_grad(self.loss_fn)(params, batch)
        loss = jax.lax.pmean(loss, tuple(self.hparams.loss_axes))
        new = jax.tree.map(lambda p, g: p - self.hparams.lr * g, params, grads)
        return new, self.ema_cb.update(ema, new), loss

    def _val_step(self, params, batch):
        pooled = self.encode(params, batch["feats"])
        acc = jax.lax.pmean(jnp.mean((jnp.argmax(pooled @ params["w_cls"], -1) == batch["label"]).astype(jnp.float32)), "batch")
        frame_energy = jnp.sum(batch["feats"] ** 2, axis=-1)                 # (batch, my frames)
        utt_energy = jax.lax.psum(jnp.sum(frame_energy, axis=1), "time")     # one value per utterance
        return {"acc": acc, "energy": self.energy_cb.summarize(utt_energy), "frame_energy": frame_energy}

    @property
    def energy_cb(self):
        return next(cb for cb in self.trainer.callbacks if isinstance(cb, EnergyLogger))

    def training_step(self, batch, batch_idx):
        self.params, self.ema_cb.ema, loss = self._train(self.params, self.ema_cb.ema, batch)
        self.log("train_loss", loss)
        return loss

    def validation_step(self, batch, batch_idx):
        out = self._val(self.params, batch)
        self.log("val_acc", out["acc"])
        self.last_val = out
        return out


@cli_class
class EMA(Callback):
    def __init__(self, decay=0.999):
        self.decay = decay
        self.ema = None

    def init(self, params):
        self.ema = jax.tree.map(lambda p: p, params)

    def update(self, ema, params):
        return jax.tree.map(lambda e, p: self.decay * e + (1.0 - self.decay) * p, ema, params)


@cli_class
class EnergyLogger(Callback):
    """Loudest utterance of the batch (for clipping alarms), computed on device."""

    def __init__(self, gather_axis="batch"):
        self.gather_axis = gather_axis

    def summarize(self, utt_energy):
        every = jax.lax.all_gather(utt_energy, self.gather_axis, tiled=True, to="reduced")
        return jax.lax.pmax(jnp.max(every), "batch")

    def on_validation_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        trainer.callback_metrics["max_energy"] = outputs["energy"]


def inputs():
    return (CONFIG, [])


def main(config_text, overrides):
    cli = LightningCLI(config_text, args=overrides)
    metrics = cli.run()
    with jax.set_mesh(cli.trainer.strategy.mesh):
        energy_map = top_level_all_gather(cli.model.last_val["frame_energy"],
                                          P(None, None, reduced={"batch", "time"}), multi_dim=True)
    return metrics["val_acc"], metrics["max_energy"], energy_map


if __name__ == "__main__":
    main(*inputs())
