package dev.snailbench.localstack;

import dev.snailbench.cli.Suggest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An OpenAI-compatible model backend given to {@code ./snailbench up --backend NAME=URL[,model=M][,key-env=VAR]}:
 * the inference service's {@code snailbench.inference.backends.NAME.base-url} and {@code .model} (the model sent
 * to the API unless a job names another; NAME when not given), and its key read from the environment variable VAR
 * of the shell that runs {@code up}. The first one given also serves the schema workbench's LLM features in the
 * generator ({@link #WORKBENCH_LLMS}: crosswalk expansion, refiner packages, synthetic questions). The key reaches
 * the services as an environment variable, never on a command line, where any user of the machine could read it.
 */
record Backend(String name, String url, String model, String keyEnv) {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]*");
    private static final List<String> OPTIONS = List.of("model", "key-env");

    static Backend parse(String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("--backend " + spec + ": expected NAME=URL[,model=M][,key-env=VAR]");
        }
        String name = spec.substring(0, eq);
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("--backend " + spec + ": the name '" + name + "' must be lower-case "
                    + "letters, digits and dashes, starting with a letter (jobs name it in models[].backend)");
        }
        String[] parts = spec.substring(eq + 1).split(",");
        String url = parts[0];
        if (!url.startsWith("http://") && !url.startsWith("https://")) {
            throw new IllegalArgumentException("--backend " + name + ": '" + url + "' is not an http(s) URL (the "
                    + "API's base URL up to the version, e.g. http://127.0.0.1:11434/v1)");
        }
        String model = name;
        String keyEnv = null;
        for (int i = 1; i < parts.length; i++) {
            int at = parts[i].indexOf('=');
            String key = at < 0 ? parts[i] : parts[i].substring(0, at);
            if (at < 0 || !OPTIONS.contains(key) || at == parts[i].length() - 1) {
                throw new IllegalArgumentException("--backend " + name + ": '" + parts[i] + "' is not one of "
                        + "model=M, key-env=VAR" + Suggest.hint(key, OPTIONS));
            }
            String value = parts[i].substring(at + 1);
            if (key.equals("model")) {
                model = value;
            } else {
                keyEnv = value;
            }
        }
        return new Backend(name, url.replaceAll("/+$", ""), model, keyEnv);
    }

    /**
     * The generator's LLM backends of the schema workbench (llm-client's properties under each prefix): crosswalk
     * expansion and abbreviation, the refiner's semantic packages, synthetic questions.
     */
    static final List<String> WORKBENCH_LLMS =
            List.of("snailbench.crosswalks.llm", "snailbench.refiner.llm", "snailbench.synthetic.llm");

    /**
     * The configuration properties of the inference service for these backends, and of the workbench's LLMs for the
     * first one.
     */
    static Map<String, String> properties(List<Backend> backends) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (Backend b : backends) {
            properties.put("snailbench.inference.backends." + b.name + ".base-url", b.url);
            properties.put("snailbench.inference.backends." + b.name + ".model", b.model);
        }
        workbench(backends)
                .ifPresent(b -> WORKBENCH_LLMS.forEach(prefix -> {
                    properties.put(prefix + ".base-url", b.url);
                    properties.put(prefix + ".model", b.model);
                }));
        return properties;
    }

    /** The backend of the workbench's LLM features: the first one given. */
    static Optional<Backend> workbench(List<Backend> backends) {
        return backends.stream().findFirst();
    }

    /** The keys, as the environment variables the inference service reads them from; an unset variable is refused. */
    static Map<String, String> environment(List<Backend> backends, Map<String, String> env) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (Backend b : backends) {
            if (b.keyEnv == null) {
                continue;
            }
            String key = env.get(b.keyEnv);
            if (key == null || key.isBlank()) {
                throw new IllegalArgumentException("--backend " + b.name + ": key-env=" + b.keyEnv + " but $" + b.keyEnv
                        + " is not set in this shell");
            }
            keys.put(
                    "SNAILBENCH_INFERENCE_BACKENDS_"
                            + b.name.toUpperCase(Locale.ROOT).replace('-', '_') + "_API_KEY",
                    key);
            if (workbench(backends).filter(b::equals).isPresent()) {
                WORKBENCH_LLMS.forEach(
                        prefix -> keys.put(prefix.toUpperCase(Locale.ROOT).replace('.', '_') + "_API_KEY", key));
            }
        }
        return keys;
    }
}
