/**
 * The one Yup schema per form: Formik validates with it in the browser and the server validates
 * every POST body with it, so a visitor and the API always get the same pt-PT messages.
 */
import { type InferType } from 'yup';
/** An ordinary email address with a 2 to 4 letter ending, as the spec asks. */
export declare const EMAIL_PATTERN: RegExp;
export declare const MESSAGES: {
    readonly invalidEmail: "Endereço de email inválido.";
    readonly newsletterEmailMissing: "Falta o endereço de email";
    readonly newsletterCityMissing: "Falta a cidade";
    readonly required: (label: string) => string;
    readonly tooLong: (label: string, max: number) => string;
    readonly invalidPhone: "Número de telefone inválido.";
    readonly sessionMissing: "Escolha uma sessão.";
    readonly ticketsRange: "Pode pedir entre 1 e 10 bilhetes.";
    readonly ticketsMissing: "Indique o número de bilhetes.";
    readonly accreditationSuccess: "Pedido enviado com sucesso.";
    readonly newsletterSuccess: "Obrigado por subscrever a newsletter. Em breve começará a receber regularmente as nossas publicações.";
    readonly ticketSuccess: "Pedido de bilhetes enviado com sucesso.";
};
export declare const newsletterSchema: import("yup").ObjectSchema<{
    email: string;
    city: string;
}, import("yup").AnyObject, {
    email: undefined;
    city: undefined;
}, "">;
export type NewsletterInput = InferType<typeof newsletterSchema>;
export declare const accreditationSchema: import("yup").ObjectSchema<{
    name: string;
    company: string;
    email: string;
    telf: string;
}, import("yup").AnyObject, {
    name: undefined;
    company: undefined;
    email: undefined;
    telf: undefined;
}, "">;
export type AccreditationInput = InferType<typeof accreditationSchema>;
export declare const ticketSchema: import("yup").ObjectSchema<{
    session_id: string;
    name: string;
    email: string;
    tickets: number;
}, import("yup").AnyObject, {
    session_id: undefined;
    name: undefined;
    email: undefined;
    tickets: undefined;
}, "">;
export type TicketInput = InferType<typeof ticketSchema>;
/** The forms the outbox can queue, by the API path they are posted to. */
export declare const FORM_SCHEMAS: {
    readonly newsletter: import("yup").ObjectSchema<{
        email: string;
        city: string;
    }, import("yup").AnyObject, {
        email: undefined;
        city: undefined;
    }, "">;
    readonly accreditation: import("yup").ObjectSchema<{
        name: string;
        company: string;
        email: string;
        telf: string;
    }, import("yup").AnyObject, {
        name: undefined;
        company: undefined;
        email: undefined;
        telf: undefined;
    }, "">;
    readonly ticket: import("yup").ObjectSchema<{
        session_id: string;
        name: string;
        email: string;
        tickets: number;
    }, import("yup").AnyObject, {
        session_id: undefined;
        name: undefined;
        email: undefined;
        tickets: undefined;
    }, "">;
};
export type FormKind = keyof typeof FORM_SCHEMAS;
