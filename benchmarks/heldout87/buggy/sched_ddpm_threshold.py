"""DDPMScheduler with dynamic thresholding (Imagen-style), channels sharded over "mp"."""
import dataclasses
import functools
import inspect
import json
from typing import Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- configuration_utils.py ----

class FrozenDict(dict):
    """A config dict readable by attribute that nobody may change after __init__."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(f"config has no attribute {name!r}") from exc

    def __setitem__(self, key, value):
        raise TypeError(f"cannot set {key!r}: the config is frozen")


class ConfigMixin:
    config_name = "config.json"
    ignore_for_config = ()

    def register_to_config(self, **kwargs):
        internal = dict(getattr(self, "_internal_dict", {}))
        internal.update(kwargs)
        self._internal_dict = FrozenDict(internal)

    @property
    def config(self):
        return self._internal_dict

    @classmethod
    def from_config(cls, config, **kwargs):
        accepted = inspect.signature(cls.__init__).parameters
        merged = {**dict(config), **kwargs}
        return cls(**{k: v for k, v in merged.items() if k in accepted})

    def save_config(self):
        return json.dumps(dict(self.config), sort_keys=True)


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        bound = inspect.signature(init).bind(self, *args, **kwargs)
        bound.apply_defaults()
        kept = {k: v for k, v in bound.arguments.items()
                if k != "self" and k not in self.ignore_for_config}
        self.register_to_config(**kept)
        init(self, *args, **kwargs)

    return inner

# ---- parallel_utils.py (pasted from diffusers_jax/utils/parallel_utils.py) ----

def create_mesh(shape, axis_names):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def shard(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def spec_from_layout(layout, reduced=()):
    """`"data,model"` -> P('data', 'model'); `-` marks an unsharded dimension."""
    dims = [None if part == "-" else part for part in layout.split(",")]
    return P(*dims, reduced=set(reduced))


REDUCTIONS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


def sync(x, reduction, axis_name):
    return REDUCTIONS[reduction](x, axis_name)


def gather_reduced(x, axis_name, axis=0):
    return jax.lax.all_gather(x, axis_name, axis=axis, tiled=True, to="reduced")

# ---- scheduling_utils.py ----

@dataclasses.dataclass
class SchedulerOutput:
    prev_sample: jax.Array
    pred_original_sample: Optional[jax.Array] = None


def betas_for_schedule(beta_schedule, beta_start, beta_end, num_train_timesteps):
    if beta_schedule == "linear":
        return np.linspace(beta_start, beta_end, num_train_timesteps, dtype=np.float64)
    elif beta_schedule == "scaled_linear":
        return np.linspace(beta_start ** 0.5, beta_end ** 0.5, num_train_timesteps, dtype=np.float64) ** 2
    raise NotImplementedError(f"{beta_schedule} is not implemented")


class SchedulerMixin(ConfigMixin):
    order = 1

    def _init_schedule(self):
        cfg = self.config
        self.betas = betas_for_schedule(cfg.beta_schedule, cfg.beta_start, cfg.beta_end, cfg.num_train_timesteps)
        self.alphas = 1.0 - self.betas
        self.alphas_cumprod = np.cumprod(self.alphas)
        self.timesteps = np.arange(0, cfg.num_train_timesteps)[::-1].copy()

    def set_timesteps(self, num_inference_steps):
        step_ratio = self.config.num_train_timesteps // num_inference_steps
        self.num_inference_steps = num_inference_steps
        self.timesteps = (np.arange(0, num_inference_steps) * step_ratio).round()[::-1].astype(np.int64)

    def previous_timestep(self, timestep):
        return timestep - self.config.num_train_timesteps // self.num_inference_steps

# ---- scheduling_ddpm.py ----

@dataclasses.dataclass
class DDPMSchedulerOutput(SchedulerOutput):
    thresholds: Optional[jax.Array] = None


class DDPMScheduler(SchedulerMixin):
    @register_to_config
    def __init__(self, num_train_timesteps=1000, beta_start=0.0001, beta_end=0.02, beta_schedule="linear",
                 thresholding=False, sample_max_value=1.0, channel_axis="mp"):
        self._init_schedule()

    def _threshold_sample(self, sample):
        abs_sample = jnp.abs(sample)
        s = jax.lax.pmax(abs_sample.max(axis=1), self.config.channel_axis)
        s = jnp.clip(s, 1.0, self.config.sample_max_value)[:, None]
        return jnp.clip(sample, -s, s) / s, s

    def step(self, model_output, timestep, sample):
        prev_t = self.previous_timestep(timestep)
        alpha_prod_t = self.alphas_cumprod[timestep]
        alpha_prod_t_prev = self.alphas_cumprod[prev_t] if prev_t >= 0 else 1.0
        beta_prod_t, beta_prod_t_prev = 1 - alpha_prod_t, 1 - alpha_prod_t_prev
        current_alpha_t = alpha_prod_t / alpha_prod_t_prev
        current_beta_t = 1 - current_alpha_t

        pred_original_sample = (sample - beta_prod_t ** 0.5 * model_output) / alpha_prod_t ** 0.5
        thresholds = None
        if self.config.thresholding:
            pred_original_sample, s = self._threshold_sample(pred_original_sample)
            thresholds = jax.lax.all_gather(s, self.config.channel_axis, axis=1, tiled=True, to="reduced")

        pred_original_sample_coeff = (alpha_prod_t_prev ** 0.5 * current_beta_t) / beta_prod_t
        current_sample_coeff = current_alpha_t ** 0.5 * beta_prod_t_prev / beta_prod_t
        pred_prev_sample = pred_original_sample_coeff * pred_original_sample + current_sample_coeff * sample
        return DDPMSchedulerOutput(prev_sample=pred_prev_sample, pred_original_sample=pred_original_sample,
                                   thresholds=thresholds)


def fake_unet(sample, t):
    return jnp.tanh(sample) * (t / 1000.0)


def inputs():
    return (np.random.default_rng(5).standard_normal((8, 16), dtype=np.float32),)


def main(latents):
    mesh = create_mesh((4, 2), ("dp", "mp"))
    scheduler = DDPMScheduler(thresholding=True, sample_max_value=1.5)
    scheduler.set_timesteps(4)
    latents = shard(latents, mesh, P("dp", "mp"))

    def denoise(latents):
        history = []
        for t in scheduler.timesteps:
            noise_pred = fake_unet(latents, int(t))
            output = scheduler.step(noise_pred, int(t), latents)
            latents = output.prev_sample
            history.append(output.thresholds)
        return latents, jnp.concatenate(history, axis=1)

    return jax.shard_map(denoise, mesh=mesh, in_specs=P("dp", "mp"),
                         out_specs=(P("dp", "mp"), P("dp", None, reduced={"mp"})))(latents)


if __name__ == "__main__":
    main(*inputs())
